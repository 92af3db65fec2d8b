package org.wharfmq.store.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.testing.ManualClock;

/** A store offers exactly the capabilities its backend claims, and limits the model allows. */
public abstract class CapabilitiesContract {
    private QueueService service;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        service = QueueServices.open(backend().storeUrl("capabilities"), new ManualClock());
    }

    @AfterEach
    void close() {
        service.close();
    }

    @Test
    void extensionOffersExactlyTheClaimedCapabilities() {
        Map<String, Boolean> claimed = new TreeMap<>();
        Map<String, Boolean> offered = new TreeMap<>();
        for (Class<?> c : Backend.CAPABILITIES) {
            claimed.put(c.getSimpleName(), backend().has(c));
            offered.put(c.getSimpleName(), service.extension(c).isPresent());
        }
        assertEquals(claimed, offered, backend() + ": capabilities claimed (expected) and offered (actual)");
    }

    @Test
    void limitsAllowAtLeastWhatSendMessageAllows() {
        backend().differs(Rules.SEND_MESSAGE_LIMITS);
        Limits limits = service.limits();
        assertTrue(limits.maxMessageAttributes() >= Limits.SQS.maxMessageAttributes(), limits.toString());
        assertTrue(limits.maxMessageBytes() >= Limits.SQS.maxMessageBytes(), limits.toString());
        assertTrue(limits.maxDelayMillis() >= Limits.SQS.maxDelayMillis(), limits.toString());
    }

    @Test
    void delayGranularityIsAMillisecondWithMessageOptionsAndASecondWithout() {
        assertEquals(backend().has(MessageOptions.class) ? 1 : 1_000, service.limits().delayGranularityMillis());
    }
}
