package org.wharfmq.store.sqs;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;

/** The SQS backend's place in docs/design.md as rules, on its main classes only. */
@AnalyzeClasses(packages = "org.wharfmq.store.sqs",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    /** Each package of the backend is its own slice. */
    @ArchTest
    static void noPackageCycles(JavaClasses classes) {
        slices().matching("org.wharfmq.(**)").should().beFreeOfCycles().check(classes);
    }

    /** Nothing below the SPI knows JMS. */
    @ArchTest
    static void knowsNothingOfJms(JavaClasses classes) {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("jakarta.jms..", "org.wharfmq.jms..")
                .check(classes);
    }
}
