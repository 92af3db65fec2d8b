package org.wharfmq.jms.redelivery;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** The connection URL's redelivery options: in range they connect, out of range they fail naming option and value. */
class RedeliveryOptionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "redeliveryDelay=-1                                  | redeliveryDelay=-1",
        "redeliveryDelay=43201                               | redeliveryDelay=43201",
        "redeliveryDelay=soon                                | redeliveryDelay=soon",
        "redeliveryDelay=1&redeliveryMultiplier=0.5          | redeliveryMultiplier=0.5",
        "redeliveryDelay=1&redeliveryMultiplier=10.5         | redeliveryMultiplier=10.5",
        "redeliveryDelay=1&redeliveryMultiplier=NaN          | redeliveryMultiplier=NaN",
        "redeliveryDelay=1&redeliveryMaxDelay=43201          | redeliveryMaxDelay=43201",
        "redeliveryDelay=10&redeliveryMaxDelay=5             | redeliveryMaxDelay=5",
        "redeliveryMultiplier=2                              | redeliveryMultiplier",
        "redeliveryMaxDelay=60                               | redeliveryMaxDelay"})
    void badRedeliveryOptionIsRefusedNamingIt(String options, String named) {
        WharfConnectionFactory f = new WharfConnectionFactory(TestStores.withOptions(TestStores.url("options"), options));
        JMSException e = assertThrows(JMSException.class, f::createConnection);
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"redeliveryDelay=0", "redeliveryDelay=43200",
        "redeliveryDelay=1&redeliveryMultiplier=1.0&redeliveryMaxDelay=1",
        "redeliveryDelay=1&redeliveryMultiplier=10&redeliveryMaxDelay=43200"})
    void redeliveryOptionsInRangeConnect(String options) throws JMSException {
        try (Connection c = new WharfConnectionFactory(TestStores.withOptions(TestStores.url("options"), options))
                .createConnection()) {
            c.start();
        }
    }
}
