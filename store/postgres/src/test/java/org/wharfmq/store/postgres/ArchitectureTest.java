package org.wharfmq.store.postgres;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;

/** The PostgreSQL backend's place in docs/design.md as rules, on its main classes only. */
@AnalyzeClasses(packages = "org.wharfmq.store.postgres",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    /** Nothing below the SPI knows JMS. */
    @ArchTest
    static void knowsNothingOfJms(JavaClasses classes) {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("jakarta.jms..", "org.wharfmq.jms..")
                .check(classes);
    }

    /** Another backend's classes are not this one's to use. */
    @ArchTest
    static void usesNoOtherBackend(JavaClasses classes) {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.wharfmq.store.derby..",
                "org.wharfmq.store.sqs..").check(classes);
    }
}
