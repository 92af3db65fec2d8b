package org.wharfmq.store.sqs;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import org.wharfmq.store.contract.BackendRules;

/** The SQS backend's place in docs/design.md: the rules of every backend, on its main classes only. */
@AnalyzeClasses(packages = "org.wharfmq.store.sqs",
        importOptions = {ImportOption.DoNotIncludeTests.class, ImportOption.DoNotIncludeJars.class})
class ArchitectureTest {

    @ArchTest
    static final ArchTests BACKEND = ArchTests.in(BackendRules.class);
}
