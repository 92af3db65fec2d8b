package org.wharfmq.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wharfmq.store.model.RedeliveryPolicy;

/** A connection URL's own options are taken out of it, the rest goes to the store, and each error keeps its words. */
class ConnectionOptionsTest {

    @Test
    void ownOptionsAreTakenAndTheRestGoesToTheStore() throws JMSException {
        ConnectionOptions o = ConnectionOptions.parse("wharf:derby:/s?prefetch=3&dedupWindow=60&visibilityTimeout=9"
                + "&user=u&password=p&autoAck=durable&redeliveryDelay=2&redeliveryMultiplier=1.5&nonDurableMb=1&clientID=c1");
        assertEquals("wharf:derby:/s?dedupWindow=60&nonDurableMb=1", o.storeUrl());
        assertEquals(3, o.prefetch());
        assertEquals(9, o.visibilityTimeout());
        assertEquals("u", o.user());
        assertEquals("p", o.password());
        assertTrue(o.durableAutoAck());
        assertEquals(new RedeliveryPolicy(2, 1.5, 43200), o.redelivery());
        assertEquals("c1", o.clientId());
    }

    @Test
    void theVisibilityExtensionIsTakenOutOfTheUrl() throws JMSException {
        ConnectionOptions o = ConnectionOptions.parse("wharf:memory:m?visibilityExtension=off&dedupWindow=60"
                + "&visibilityExtensionLimit=600");
        assertEquals("wharf:memory:m?dedupWindow=60", o.storeUrl());
        assertFalse(o.visibilityExtension());
        assertEquals(600, o.visibilityExtensionLimit());
        assertTrue(ConnectionOptions.parse("wharf:memory:m?visibilityExtension=on").visibilityExtension());
    }

    @Test
    void unsetOptionsTakeTheirDefaults() throws JMSException {
        ConnectionOptions o = ConnectionOptions.parse("wharf:memory:m");
        assertEquals("wharf:memory:m", o.storeUrl());
        assertEquals(0, o.prefetch());
        assertEquals(20, o.waitTimeSeconds());
        assertNull(o.visibilityTimeout());
        assertFalse(o.durableAutoAck());
        assertNull(o.redelivery());
        assertNull(o.clientId());
        assertTrue(o.visibilityExtension());
        assertEquals(43200, o.visibilityExtensionLimit());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "prefetch                                  | has an option without a value: 'prefetch'",
        "prefetch=10                               | option prefetch=10 is not a number in 0..9",
        "waitTimeSeconds=0                         | option waitTimeSeconds=0 is not a number in 1..20",
        "visibilityTimeout=43201                   | option visibilityTimeout=43201 is not a number in 1..43200",
        "visibilityTimeout=0                       | option visibilityTimeout=0 is not a number in 1..43200",
        "autoAck=never                             | option autoAck=never is neither deferred nor durable",
        "redeliveryDelay=soon                      | option redeliveryDelay=soon is not a number in 0..43200",
        "redeliveryDelay=1&redeliveryMultiplier=NaN | option redeliveryMultiplier=NaN is not a number in 1.0..10.0",
        "redeliveryDelay=1&redeliveryMaxDelay=-1   | option redeliveryMaxDelay=-1 is not a number in 0..43200",
        "redeliveryMultiplier=2                    | sets redeliveryMultiplier without redeliveryDelay, the first delay in seconds",
        "redeliveryMaxDelay=60                     | sets redeliveryMaxDelay without redeliveryDelay, the first delay in seconds",
        "redeliveryDelay=10&redeliveryMaxDelay=5   | option redeliveryMaxDelay=5 is below redeliveryDelay=10",
        "visibilityExtension=yes                   | option visibilityExtension=yes is neither on nor off",
        "visibilityExtensionLimit=0                | option visibilityExtensionLimit=0 is not a number in 1..43200",
        "visibilityExtensionLimit=43201 | option visibilityExtensionLimit=43201 is not a number in 1..43200"})
    void badOptionIsRefusedInItsOwnWords(String options, String problem) {
        JMSException e = assertThrows(JMSException.class,
                () -> ConnectionOptions.parse("wharf:memory:m?password=TOPSECRET&" + options));
        assertEquals("connection URL 'wharf:memory:m?password=***&" + options + "' " + problem, e.getMessage());
    }
}
