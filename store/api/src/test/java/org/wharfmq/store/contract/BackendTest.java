package org.wharfmq.store.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.FairQueues;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.reference.ReferenceQueueService;
import org.wharfmq.store.testing.ManualClock;

/** The fixture itself: fresh URLs, what a backend claims, and how a test learns that it lacks something. */
class BackendTest {
    private static final Backend FULL = Backend.of("example", n -> "wharf:memory:" + n)
            .withCapabilities(Backend.CAPABILITIES)
            .withDurableStores(dir -> "wharf:derby:" + dir)
            .withCrashTests();

    @Test
    void everyStoreUrlIsNew() {
        String first = FULL.storeUrl("rules");

        assertTrue(first.startsWith("wharf:memory:rules-"), first);
        assertNotEquals(first, FULL.storeUrl("rules"));
    }

    @Test
    void durableStoreUrlNamesTheDirectory() {
        assertEquals("wharf:derby:" + Path.of("a", "b"), FULL.durableStoreUrl(Path.of("a", "b")));
    }

    @Test
    void aBackendWithoutDurableStoresSkipsTestsThatNeedThem() {
        Backend plain = Backend.of("plain", n -> "wharf:memory:" + n);

        assertFalse(plain.survivesReopen());
        TestAbortedException e = assertThrows(TestAbortedException.class, () -> plain.durableStoreUrl(Path.of("x")));
        assertTrue(e.getMessage().contains("plain keeps nothing across a close"), e.getMessage());
    }

    @Test
    void aMissingCapabilitySkipsNamingIt() {
        Backend plain = Backend.of("plain", n -> "wharf:memory:" + n).withCapabilities(Set.of(Browsing.class));

        TestAbortedException e = assertThrows(TestAbortedException.class,
                () -> plain.assumeCapabilities(Browsing.class, Topics.class));
        assertTrue(e.getMessage().contains("plain does not offer the Topics capability"), e.getMessage());
    }

    @Test
    void aClaimedCapabilityTheStoreLacksFails() {
        try (ReferenceQueueService reference = new ReferenceQueueService(new ManualClock())) {
            AssertionError e = assertThrows(AssertionError.class, () -> FULL.capability(reference, Topics.class));
            assertTrue(e.getMessage().contains("claims the Topics capability"), e.getMessage());
        }
    }

    @Test
    void aMaskedBackendClaimsWhatTheMaskLeavesOnTheSameStores() {
        Backend masked = FULL.masked("Transactions,MessageOptions,attributes=10");

        assertEquals(Set.of(Topics.class, Browsing.class, FilteredReceive.class, XaTransactions.class,
                MessageMoves.class, QueueStatistics.class, FairQueues.class, ArrivalNotification.class),
                masked.capabilities());
        assertFalse(masked.has(Transactions.class) || masked.has(MessageOptions.class));
        String url = masked.storeUrl("q");
        assertTrue(url.startsWith("wharf:masked:Transactions,MessageOptions,attributes=10:wharf:memory:q-"), url);
        assertEquals("wharf:masked:Transactions,MessageOptions,attributes=10:wharf:derby:d",
                masked.durableStoreUrl(Path.of("d")));
        assertTrue(masked.crashTests());
    }

    @Test
    void maskingXaTransactionsLeavesLocalTransactionsClaimed() {
        Backend masked = FULL.masked("XaTransactions");

        assertTrue(masked.has(Transactions.class));
        assertFalse(masked.has(XaTransactions.class));
    }

    @Test
    void onlyCapabilitiesCanBeClaimed() {
        assertThrows(IllegalArgumentException.class, () -> FULL.withCapabilities(Set.of(Runnable.class)));
    }

    @Test
    void aDeclaredDifferenceSkipsItsRuleQuotingTheReason() {
        Backend sqs = Backend.of("sqs", n -> n).withDifferences(java.util.Map.of(Rules.STALE_RECEIPT_HANDLE, "why"));

        TestAbortedException e = assertThrows(TestAbortedException.class,
                () -> sqs.differs(Rules.STALE_RECEIPT_HANDLE));
        assertTrue(e.getMessage().contains("sqs differs from the model on rule 'stale-receipt-handle': why"),
                e.getMessage());
        sqs.differs(Rules.SERVER_CLOCK);
        FULL.differs(Rules.STALE_RECEIPT_HANDLE);
    }

    @Test
    void onlyRulesOfTheSuiteCanDifferAndEachNeedsAReason() {
        assertThrows(IllegalArgumentException.class, () -> FULL.withDifferences(java.util.Map.of("no-such-rule", "x")));
        assertThrows(IllegalArgumentException.class, () -> FULL.withDifferences(java.util.Map.of(Rules.QUEUE_ARN, " ")));
    }

    @Test
    void crashTestsNeedDurableStores() {
        assertThrows(IllegalArgumentException.class, () -> Backend.of("plain", n -> n).withCrashTests());
    }
}
