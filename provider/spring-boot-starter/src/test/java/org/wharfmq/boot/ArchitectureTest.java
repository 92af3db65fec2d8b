package org.wharfmq.boot;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.JavaModifier.PUBLIC;
import static com.tngtech.archunit.core.domain.properties.HasModifiers.Predicates.modifier;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;

/** The starter's place in docs/design.md as a rule, on its main classes only. */
@AnalyzeClasses(packages = "org.wharfmq.boot",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    /**
     * Of Wharf, the starter uses only the provider's public types in org.wharfmq.jms and its
     * Micrometer binder: not the store, the gateway, the message or selector packages, nor a
     * package-private class.
     */
    @ArchTest
    static void usesOnlyTheProvidersPublicFace(JavaClasses classes) {
        classes().that().resideInAPackage("org.wharfmq.boot..")
                .should().onlyDependOnClassesThat(resideOutsideOfPackage("org.wharfmq..")
                        .or(resideInAPackage("org.wharfmq.boot.."))
                        .or(resideInAPackage("org.wharfmq.jms").and(modifier(PUBLIC))
                                .as("public types of org.wharfmq.jms"))
                        .or(name("org.wharfmq.jms.management.WharfMetrics")))
                .check(classes);
    }
}
