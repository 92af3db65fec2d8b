package org.wharfmq.store.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The rules every backend takes can fail: on packages of this module that break them, they do. */
class BackendRulesTest {

    @Test
    void aPackageBelowTheStoreIsABackendButTheModelIsNot() {
        assertEquals("derby", BackendRules.backendOf("org.wharfmq.store.derby.index"));
        assertEquals("sqs", BackendRules.backendOf("org.wharfmq.store.sqs"));
        assertNull(BackendRules.backendOf("org.wharfmq.store.model"));
        assertNull(BackendRules.backendOf("org.wharfmq.store"));
        assertNull(BackendRules.backendOf("org.wharfmq.jms"));
    }

    @Test
    void usingAnotherBackendsClassesFails() {
        // The contract suite uses org.wharfmq.store.testing: to the rule, one backend using another.
        JavaClasses contract = new ClassFileImporter().importPackages("org.wharfmq.store.contract");
        AssertionError e = assertThrows(AssertionError.class, () -> BackendRules.USES_NO_OTHER_BACKEND.check(contract));
        assertTrue(e.getMessage().contains("org.wharfmq.store.testing"), e.getMessage());
    }

    @Test
    void theReferenceBackendKeepsToItself() {
        BackendRules.USES_NO_OTHER_BACKEND.check(new ClassFileImporter().importPackages("org.wharfmq.store.reference"));
        BackendRules.KNOWS_NOTHING_OF_JMS.check(new ClassFileImporter().importPackages("org.wharfmq.store.reference"));
    }
}
