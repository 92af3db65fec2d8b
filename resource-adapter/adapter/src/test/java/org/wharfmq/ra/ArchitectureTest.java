package org.wharfmq.ra;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.JavaModifier.PUBLIC;
import static com.tngtech.archunit.core.domain.properties.HasModifiers.Predicates.modifier;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;

/** The adapter's place in docs/design.md as a rule, on its main classes only. */
@AnalyzeClasses(packages = "org.wharfmq.ra",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    /**
     * Of Wharf, the adapter uses only the provider's public types in org.wharfmq.jms: not the store,
     * the gateway, the message or selector packages, nor a package-private class.
     */
    @ArchTest
    static void usesOnlyTheProvidersPublicFace(JavaClasses classes) {
        classes().that().resideInAPackage("org.wharfmq.ra..")
                .should().onlyDependOnClassesThat(resideOutsideOfPackage("org.wharfmq..")
                        .or(resideInAPackage("org.wharfmq.ra.."))
                        .or(resideInAPackage("org.wharfmq.jms").and(modifier(PUBLIC))
                                .as("public types of org.wharfmq.jms")))
                .check(classes);
    }
}
