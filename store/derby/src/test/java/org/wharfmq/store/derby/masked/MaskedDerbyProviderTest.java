package org.wharfmq.store.derby.masked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.contract.Backend;

/** A Derby store opened through {@code wharf:masked:}: hidden capabilities are gone, the rest is Derby's. */
class MaskedDerbyProviderTest {

    private static QueueService open(String mask) {
        return QueueServices.open("wharf:masked:" + mask + ":wharf:memory:masked-" + UUID.randomUUID());
    }

    @Test
    void maskedCapabilitiesAreAbsentAndTheOthersAreOffered() {
        try (QueueService service = open("Transactions,FilteredReceive,attributes=10")) {
            assertTrue(service.extension(Transactions.class).isEmpty());
            assertTrue(service.extension(FilteredReceive.class).isEmpty());
            for (Class<?> shown : List.of(Topics.class, Browsing.class, MessageOptions.class, XaTransactions.class)) {
                assertTrue(service.extension(shown).isPresent(), shown.getSimpleName());
            }
        }
    }

    @Test
    void theMaskedStoreCannotBeCastToAHiddenCapability() {
        try (QueueService service = open(String.join(",", Backend.CAPABILITIES.stream()
                .map(Class::getSimpleName).toList()))) {
            for (Class<?> c : Backend.CAPABILITIES) {
                assertFalse(c.isInstance(service), c.getSimpleName());
                assertTrue(service.extension(c).isEmpty(), c.getSimpleName());
            }
        }
    }

    @Test
    void limitsAreDerbysWithTheMaskedAttributeCount() {
        try (QueueService plain = QueueServices.open("wharf:memory:plain-" + UUID.randomUUID());
             QueueService masked = open("Transactions,attributes=10")) {
            Limits derby = plain.limits();
            assertEquals(new Limits(10, derby.maxMessageBytes(), derby.delayGranularityMillis(),
                    derby.maxDelayMillis()), masked.limits());
        }
    }

    @Test
    void hidingMessageOptionsMakesDelaysWholeSeconds() {
        try (QueueService plain = QueueServices.open("wharf:memory:plain-" + UUID.randomUUID());
             QueueService masked = open("MessageOptions")) {
            Limits derby = plain.limits();
            assertEquals(1, derby.delayGranularityMillis());
            assertEquals(new Limits(derby.maxMessageAttributes(), derby.maxMessageBytes(), 1_000,
                    derby.maxDelayMillis()), masked.limits());
        }
    }

    @Test
    void queueOperationsReachTheDerbyStore() {
        try (QueueService service = open("Topics")) {
            String url = service.createQueue("orders", Map.of("VisibilityTimeout", "60"));
            String id = service.sendMessage(SendMessageRequest.of(url, "a")).messageId();

            ReceivedMessage got = service.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0);
            service.deleteMessage(url, got.receiptHandle());

            assertEquals(id, got.messageId());
            assertEquals(List.of(url), service.listQueues(null));
            assertEquals("60", service.getQueueAttributes(url, List.of("VisibilityTimeout")).get("VisibilityTimeout"));
        }
    }
}
