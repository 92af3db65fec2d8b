package org.wharfmq.store;

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

    /** Each package (org.wharfmq.store itself, .spi, .model) is its own slice. */
    @ArchTest
    static void noPackageCycles(JavaClasses classes) {
        slices().matching("org.wharfmq.(**)").should().beFreeOfCycles().check(classes);
    }

    /** Backends are found by URL scheme; the SPI names none of them nor what they are built on. */
    @ArchTest
    static void knowsNoBackend(JavaClasses classes) {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.wharfmq.store.derby..",
                        "org.wharfmq.store.sqs..", "org.apache.derby..", "java.sql..", "software.amazon..")
                .check(classes);
    }

    /** Nothing below the SPI knows JMS. */
    @ArchTest
    static void knowsNothingOfJms(JavaClasses classes) {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("jakarta.jms..", "org.wharfmq.jms..")
                .check(classes);
    }
}
