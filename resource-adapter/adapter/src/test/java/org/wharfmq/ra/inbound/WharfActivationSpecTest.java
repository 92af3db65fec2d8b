package org.wharfmq.ra.inbound;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;
import jakarta.resource.spi.InvalidPropertyException;
import org.junit.jupiter.api.Test;

/** A bad activation property is rejected with a message naming the property and its value. */
class WharfActivationSpecTest {

    private static WharfActivationSpec spec(Consumer<WharfActivationSpec> change) {
        WharfActivationSpec s = new WharfActivationSpec();
        s.setDestination("orders");
        change.accept(s);
        return s;
    }

    private static void rejected(Consumer<WharfActivationSpec> change, String... named) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class, () -> spec(change).validate());
        for (String n : named) {
            assertTrue(e.getMessage().contains(n), "'" + e.getMessage() + "' names " + n);
        }
    }

    @Test
    void defaultsWithADestinationAreValid() {
        assertDoesNotThrow(() -> spec(s -> { }).validate());
    }

    @Test
    void missingDestinationIsRejected() {
        rejected(s -> s.setDestination(" "), "destinationLookup", "(not set)", "WFLYEJB0006");
    }

    @Test
    void aDestinationLookupAloneIsValid() {
        assertDoesNotThrow(() -> spec(s -> {
            s.setDestination(null);
            s.setDestinationLookup("java:/jms/orders");
        }).validate());
    }

    @Test
    void unknownDestinationTypeIsRejected() {
        rejected(s -> s.setDestinationType("javax.jms.Queue"), "destinationType", "'javax.jms.Queue'");
    }

    @Test
    void unknownAcknowledgeModeIsRejected() {
        rejected(s -> s.setAcknowledgeMode("Client-acknowledge"), "acknowledgeMode", "'Client-acknowledge'");
    }

    @Test
    void unknownSubscriptionDurabilityIsRejected() {
        rejected(s -> s.setSubscriptionDurability("Forever"), "subscriptionDurability", "'Forever'");
    }

    @Test
    void durableSubscriptionOfAQueueIsRejected() {
        rejected(s -> {
            s.setSubscriptionDurability("Durable");
            s.setSubscriptionName("audit");
        }, "subscriptionDurability", "jakarta.jms.Topic");
    }

    @Test
    void durableSubscriptionWithoutANameIsRejected() {
        rejected(s -> {
            s.setDestinationType("jakarta.jms.Topic");
            s.setSubscriptionDurability("Durable");
        }, "subscriptionName");
    }

    @Test
    void durableTopicSubscriptionWithANameIsValid() {
        assertDoesNotThrow(() -> spec(s -> {
            s.setDestinationType("jakarta.jms.Topic");
            s.setSubscriptionDurability("Durable");
            s.setSubscriptionName("audit");
            s.setClientId("billing");
        }).validate());
    }

    @Test
    void malformedSelectorIsRejected() {
        rejected(s -> s.setMessageSelector("color = 'red"), "messageSelector", "color = 'red");
    }

    @Test
    void maxSessionsBelowOneIsRejected() {
        rejected(s -> s.setMaxSessions(0), "maxSessions", "'0'");
    }

    @Test
    void visibilityTimeoutOutOfRangeIsRejected() {
        rejected(s -> s.setVisibilityTimeout(43201), "visibilityTimeout", "'43201'");
        rejected(s -> s.setVisibilityTimeout(0), "visibilityTimeout", "'0'");
    }

    @Test
    void prefetchAboveNineIsRejected() {
        rejected(s -> s.setPrefetch(10), "prefetch", "'10'");
    }

    @Test
    void redeliveryBackoffInRangeIsValid() {
        assertDoesNotThrow(() -> spec(s -> {
            s.setRedeliveryDelay(1);
            s.setRedeliveryMultiplier(2.5);
            s.setRedeliveryMaxDelay(43200);
        }).validate());
        assertDoesNotThrow(() -> spec(s -> s.setRedeliveryDelay(0)).validate());
    }

    @Test
    void redeliveryDelayOutOfRangeIsRejected() {
        rejected(s -> s.setRedeliveryDelay(-1), "redeliveryDelay", "'-1'");
        rejected(s -> s.setRedeliveryDelay(43201), "redeliveryDelay", "'43201'");
    }

    @Test
    void redeliveryMultiplierOutOfRangeIsRejected() {
        rejected(s -> {
            s.setRedeliveryDelay(1);
            s.setRedeliveryMultiplier(0.5);
        }, "redeliveryMultiplier", "'0.5'");
        rejected(s -> {
            s.setRedeliveryDelay(1);
            s.setRedeliveryMultiplier(Double.NaN);
        }, "redeliveryMultiplier", "'NaN'");
    }

    @Test
    void redeliveryMaxDelayBelowTheDelayOrOutOfRangeIsRejected() {
        rejected(s -> {
            s.setRedeliveryDelay(10);
            s.setRedeliveryMaxDelay(5);
        }, "redeliveryMaxDelay", "'5'", "redeliveryDelay 10");
        rejected(s -> {
            s.setRedeliveryDelay(10);
            s.setRedeliveryMaxDelay(43201);
        }, "redeliveryMaxDelay", "'43201'");
    }

    @Test
    void redeliveryMultiplierOrMaxDelayWithoutADelayIsRejected() {
        rejected(s -> s.setRedeliveryMultiplier(2.0), "redeliveryMultiplier", "redeliveryDelay");
        rejected(s -> s.setRedeliveryMaxDelay(60), "redeliveryMaxDelay", "redeliveryDelay");
    }

    @Test
    void visibilityExtensionOnOrOffWithALimitInRangeIsValid() {
        assertDoesNotThrow(() -> spec(s -> {
            s.setVisibilityExtension("off");
            s.setVisibilityExtensionLimit(43200);
        }).validate());
        assertDoesNotThrow(() -> spec(s -> {
            s.setVisibilityExtension("on");
            s.setVisibilityExtensionLimit(1);
        }).validate());
    }

    @Test
    void visibilityExtensionOtherThanOnOrOffIsRejected() {
        rejected(s -> s.setVisibilityExtension("true"), "visibilityExtension", "'true'", "on or off");
    }

    @Test
    void visibilityExtensionLimitOutOfRangeIsRejected() {
        rejected(s -> s.setVisibilityExtensionLimit(0), "visibilityExtensionLimit", "'0'", "1..43200");
        rejected(s -> s.setVisibilityExtensionLimit(43201), "visibilityExtensionLimit", "'43201'", "1..43200");
    }
}
