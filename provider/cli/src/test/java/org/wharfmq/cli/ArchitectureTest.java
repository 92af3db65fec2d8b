package org.wharfmq.cli;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.JavaModifier.PUBLIC;
import static com.tngtech.archunit.core.domain.properties.HasModifiers.Predicates.modifier;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;

/** The tool's place in docs/design.md as a rule, on its main classes only. */
@AnalyzeClasses(packages = "org.wharfmq.cli",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    /**
     * Of Wharf, the tool and its console use only the provider's public types in org.wharfmq.jms,
     * org.wharfmq.jms.management and org.wharfmq.jms.tools: not the store, the gateway, nor a
     * package-private class. A store in another JVM is reached through the same MBeans as one opened here.
     */
    @ArchTest
    static void usesOnlyTheProvidersPublicFace(JavaClasses classes) {
        classes().that().resideInAPackage("org.wharfmq.cli..")
                .should().onlyDependOnClassesThat(resideOutsideOfPackage("org.wharfmq..")
                        .or(resideInAPackage("org.wharfmq.cli.."))
                        .or(resideInAPackage("org.wharfmq.jms").and(modifier(PUBLIC))
                                .as("public types of org.wharfmq.jms"))
                        .or(resideInAPackage("org.wharfmq.jms.management").and(modifier(PUBLIC))
                                .as("public types of org.wharfmq.jms.management"))
                        .or(resideInAPackage("org.wharfmq.jms.tools").and(modifier(PUBLIC))
                                .as("public types of org.wharfmq.jms.tools")))
                .check(classes);
    }

    /** The console's server knows the store's MBean, not the tool: the tool's commands start it. */
    @ArchTest
    static void noPackageCycles(JavaClasses classes) {
        slices().matching("org.wharfmq.(**)").should().beFreeOfCycles().check(classes);
    }
}
