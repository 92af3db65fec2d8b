package org.wharfmq.store;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;

/** The store SPI's place in docs/design.md as rules, on its main classes only (not the contract suite). */
@AnalyzeClasses(packages = "org.wharfmq.store",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    /** The SPI (org.wharfmq.store) and its model (.model) are two slices: the model uses the SPI's types, not the reverse. */
    @ArchTest
    static void noPackageCycles(JavaClasses classes) {
        slices().matching("org.wharfmq.(**)").should().beFreeOfCycles().check(classes);
    }

    /** Backends are found by URL scheme; the SPI names none of them nor what they are built on. */
    @ArchTest
    static void knowsNoBackend(JavaClasses classes) {
        noClasses().should().dependOnClassesThat(resideInAPackage("org.wharfmq.store..")
                        .and(resideOutsideOfPackages("org.wharfmq.store", "org.wharfmq.store.model"))
                        .as("a backend's classes"))
                .check(classes);
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.apache.derby..", "java.sql..",
                "software.amazon..", "org.postgresql..", "com.zaxxer..").check(classes);
    }

    /** Nothing below the SPI knows JMS. */
    @ArchTest
    static void knowsNothingOfJms(JavaClasses classes) {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("jakarta.jms..", "org.wharfmq.jms..")
                .check(classes);
    }
}
