package org.wharfmq.jms;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.JavaModifier.PUBLIC;
import static com.tngtech.archunit.core.domain.properties.HasModifiers.Predicates.modifier;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;

/**
 * The provider's layers of docs/design.md as rules, on its main classes only (tests, and the
 * test-jars of other modules, are left out).
 */
@AnalyzeClasses(packages = "org.wharfmq.jms",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    /** Each package of the provider (org.wharfmq.jms itself included) is its own slice. */
    @ArchTest
    static void noPackageCycles(JavaClasses classes) {
        slices().matching("org.wharfmq.(**)").should().beFreeOfCycles().check(classes);
    }

    /** The one door: the SPI (org.wharfmq.store), not store.model, whose values every package may use. */
    @ArchTest
    static void onlyTheGatewayImportsTheStoreSpi(JavaClasses classes) {
        noClasses().that().resideOutsideOfPackage("org.wharfmq.jms.gateway..")
                .should().dependOnClassesThat().resideInAPackage("org.wharfmq.store")
                .check(classes);
    }

    /** JNDI is a neighbour of the provider, as the resource adapter and the starter are. */
    @ArchTest
    static void jndiUsesOnlyThePublicFace(JavaClasses classes) {
        classes().that().resideInAPackage("org.wharfmq.jms.jndi..")
                .should().onlyDependOnClassesThat(resideOutsideOfPackage("org.wharfmq..")
                        .or(resideInAPackage("org.wharfmq.jms.jndi.."))
                        .or(resideInAPackage("org.wharfmq.jms").and(modifier(PUBLIC))
                                .as("public types of org.wharfmq.jms")))
                .check(classes);
    }

    /** A tool is run from the command line: the provider uses none, and only a tool has a main. */
    @ArchTest
    static void toolsStandApart(JavaClasses classes) {
        noClasses().that().resideOutsideOfPackage("org.wharfmq.jms.tools..")
                .should().dependOnClassesThat().resideInAPackage("org.wharfmq.jms.tools..")
                .check(classes);
        noMethods().that().haveName("main").and().areStatic()
                .should().beDeclaredInClassesThat().resideOutsideOfPackage("org.wharfmq.jms.tools..")
                .check(classes);
    }

    /** SQL lives in the Derby backend and HTTP in the SQS one. */
    @ArchTest
    static void knowsNothingOfSqlOrHttp(JavaClasses classes) {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("java.sql..", "org.apache.derby..", "software.amazon..", "java.net.http..")
                .check(classes);
    }
}
