package org.wharfmq.jms;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.QueueService;

/** A rule of {@link ArchitectureTest} fails on a class that breaks it, so its passing means something. */
class ArchitectureRulesFireTest {

    /** A JMS class that holds the store itself instead of going through the gateway. */
    static final class ReachesPastTheGateway {
        QueueService store;
    }

    @Test
    void theGatewayRuleFailsOnAClassOutsideTheGatewayThatUsesTheSpi() {
        var classes = new ClassFileImporter().importClasses(ReachesPastTheGateway.class);
        AssertionError failure = assertThrows(AssertionError.class,
                () -> ArchitectureTest.onlyTheGatewayImportsTheStoreSpi(classes));
        assertTrue(failure.getMessage().contains("ReachesPastTheGateway.store")
                && failure.getMessage().contains(QueueService.class.getName()), failure.getMessage());
    }
}
