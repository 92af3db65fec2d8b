package org.wharfmq.ra.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.UUID;
import jakarta.jms.Connection;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ManagedConnection;
import org.junit.jupiter.api.Test;

/** A connection factory's clientId is the client id of each of its connections (the TCK's durable factories have one). */
class FactoryClientIdTest {

    private static final ConnectionManager UNPOOLED = (mcf, info) -> {
        ManagedConnection mc = mcf.createManagedConnection(null, info);
        return mc.getConnection(null, info);
    };

    @Test
    void eachConnectionOfAFactoryWithAClientIdHasIt() throws Exception {
        WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
        mcf.setConnectionURL("wharf:memory:ra-" + UUID.randomUUID());
        mcf.setClientId("cts");
        PooledConnectionFactory cf = (PooledConnectionFactory) mcf.createConnectionFactory(UNPOOLED);
        try (Connection c = cf.createConnection()) {
            assertEquals("cts", c.getClientID());
        }
    }

    @Test
    void aFactoryWithoutAClientIdGivesNone() throws Exception {
        WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
        mcf.setConnectionURL("wharf:memory:ra-" + UUID.randomUUID() + "?visibilityTimeout=5");
        assertEquals(mcf.getConnectionURL(), mcf.url());
        PooledConnectionFactory cf = (PooledConnectionFactory) mcf.createConnectionFactory(UNPOOLED);
        try (Connection c = cf.createConnection()) {
            assertNull(c.getClientID());
        }
    }

    @Test
    void aClientIdIsGivenAsItIsNotThroughTheUrl() throws Exception {
        WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
        mcf.setConnectionURL("wharf:memory:ra-" + UUID.randomUUID());
        mcf.setClientId("a&b=c");
        assertEquals(mcf.getConnectionURL(), mcf.url());
        PooledConnectionFactory cf = (PooledConnectionFactory) mcf.createConnectionFactory(UNPOOLED);
        try (Connection c = cf.createConnection()) {
            assertEquals("a&b=c", c.getClientID());
        }
    }
}
