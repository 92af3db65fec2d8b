package org.wharfmq.store.derby;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import java.sql.SQLException;
import org.wharfmq.store.contract.BackendRules;

/** The Derby backend's place in docs/design.md as rules, on its main classes only: its packages, and those of every backend. */
@AnalyzeClasses(packages = "org.wharfmq.store.derby",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    private static final String STORE = "org.wharfmq.store.derby";
    private static final String INDEX = "org.wharfmq.store.derby.index..";
    private static final String DISK = "org.wharfmq.store.derby.disk..";

    /** Each package of the backend (the store, .index, .disk) is its own slice. */
    @ArchTest
    static void noPackageCycles(JavaClasses classes) {
        slices().matching("org.wharfmq.(**)").should().beFreeOfCycles().check(classes);
    }

    /** The store uses .disk and .index; .disk knows the index's types; .index knows neither. */
    @ArchTest
    static void layers(JavaClasses classes) {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("store").definedBy(STORE)
                .layer("disk").definedBy(DISK)
                .layer("index").definedBy(INDEX)
                .whereLayer("store").mayNotBeAccessedByAnyLayer()
                .whereLayer("disk").mayOnlyBeAccessedByLayers("store")
                .whereLayer("index").mayOnlyBeAccessedByLayers("store", "disk")
                .check(classes);
    }

    /** The in-memory index neither writes nor reads SQL. */
    @ArchTest
    static void indexKnowsNoSql(JavaClasses classes) {
        noClasses().that().resideInAPackage(INDEX)
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..", "org.apache.derby..")
                .check(classes);
    }

    /**
     * SQL is written in .disk, and in the Loader, which fills the index when the store opens.
     * Elsewhere only SQLException passes.
     */
    @ArchTest
    static void sqlOnDisk(JavaClasses classes) {
        noClasses().that().resideOutsideOfPackage(DISK).and().doNotBelongToAnyOf(Loader.class)
                .should().dependOnClassesThat(resideInAnyPackage("java.sql..", "javax.sql..", "org.apache.derby..")
                        .and(not(equivalentTo(SQLException.class))))
                .check(classes);
    }

    /** The rules of every backend: nothing of JMS, nothing of another backend. */
    @ArchTest
    static final ArchTests BACKEND = ArchTests.in(BackendRules.class);
}
