package org.wharfmq.store.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.contract.MaskedQueueServiceProvider.Mask;

/**
 * {@code wharf:masked:} URLs: the mask is read before anything is opened, so these need no backend;
 * the Derby module opens masked stores for real.
 */
class MaskedQueueServiceProviderTest {
    private static final Limits FULL = new Limits(Integer.MAX_VALUE, 262_144, 1, 900_000);

    /** Asserts that opening {@code url} fails with InvalidParameterValue naming {@code named}. */
    private static void openFails(String url, String named) {
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> QueueServices.open(url));
        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains(named), "message '" + e.getMessage() + "' should name " + named);
    }

    @Test
    void acceptsOnlyTheMaskedScheme() {
        MaskedQueueServiceProvider provider = new MaskedQueueServiceProvider();
        assertTrue(provider.accepts("wharf:masked:Topics:wharf:memory:x"));
        assertFalse(provider.accepts("wharf:memory:x"));
        assertFalse(provider.accepts("wharf:maskedTopics:wharf:memory:x"));
    }

    @Test
    void maskNamesCapabilitiesAndAnAttributeLimit() {
        Mask mask = Mask.parse("Transactions,FilteredReceive,attributes=10");

        assertEquals(Set.of(Transactions.class, FilteredReceive.class), mask.hidden());
        assertEquals(10, mask.maxMessageAttributes());
        assertEquals(new Limits(10, 262_144, 1, 900_000), mask.limits(FULL));
    }

    @Test
    void everyCapabilityCanBeHiddenByItsSimpleName() {
        for (Class<?> c : Backend.CAPABILITIES) {
            assertEquals(Set.of(c), Mask.parse(c.getSimpleName()).hidden());
        }
    }

    @Test
    void emptyMaskHidesNothingAndKeepsTheLimits() {
        Mask mask = Mask.parse("");

        assertEquals(Set.of(), mask.hidden());
        assertEquals(FULL, mask.limits(FULL));
    }

    @Test
    void hidingMessageOptionsMakesDelaysWholeSeconds() {
        Mask mask = Mask.parse("MessageOptions,attributes=10");

        assertEquals(Set.of(MessageOptions.class), mask.hidden());
        assertEquals(new Limits(10, 262_144, 1_000, 900_000), mask.limits(FULL));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Colour", "transactions", "Topics.class", ""})
    void unknownMaskWordFailsTheOpenNamingIt(String word) {
        openFails("wharf:masked:Topics," + word + ":wharf:memory:x", "unknown word '" + word + "'");
    }

    @Test
    void unknownMaskWordFailsNamingEveryKnownWord() {
        openFails("wharf:masked:Colour:wharf:memory:x", "known: Topics, Browsing, FilteredReceive, MessageOptions,"
                + " Transactions, XaTransactions, MessageMoves, QueueStatistics, FairQueues, ArrivalNotification,"
                + " attributes=<n>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ten", "0", "-3", "", "99999999999"})
    void badAttributeCountFailsTheOpenNamingIt(String value) {
        openFails("wharf:masked:attributes=" + value + ":wharf:memory:x", "attributes=" + value + ",");
    }

    @ParameterizedTest
    @ValueSource(strings = {"wharf:masked:Topics", "wharf:masked:Topics:"})
    void maskWithoutAnInnerStoreUrlFails(String url) {
        openFails(url, "'" + url + "'");
    }

    @Test
    void innerStoreUrlNoBackendAcceptsFailsNamingIt() {
        openFails("wharf:masked:Topics:wharf:nowhere:x", "'wharf:nowhere:x'");
    }
}
