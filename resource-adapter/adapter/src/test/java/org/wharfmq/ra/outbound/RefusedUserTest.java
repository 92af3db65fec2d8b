package org.wharfmq.ra.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.UUID;
import jakarta.jms.Connection;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ManagedConnection;
import org.junit.jupiter.api.Test;

/** A user the store refuses gets JMSSecurityException, as the spec says, through the server's wrapping. */
class RefusedUserTest {

    /** Wraps a failure to make a managed connection as IronJacamar does (IJ000453 around the adapter's). */
    private static final ConnectionManager WRAPPING = (mcf, info) -> {
        try {
            ManagedConnection mc = mcf.createManagedConnection(null, info);
            return mc.getConnection(null, info);
        } catch (ResourceException e) {
            throw new ResourceException("IJ000453: Unable to get managed connection", e);
        }
    };

    private static PooledConnectionFactory factory() {
        WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
        mcf.setConnectionURL("wharf:memory:ra-" + UUID.randomUUID() + "?user=j2ee&password=j2ee");
        return (PooledConnectionFactory) mcf.createConnectionFactory(WRAPPING);
    }

    @Test
    void aRefusedUserGetsJMSSecurityException() throws Exception {
        assertThrows(JMSSecurityException.class, () -> factory().createConnection("intruder", "guess"));
        assertThrows(JMSSecurityRuntimeException.class, () -> factory().createContext("intruder", "guess"));
    }

    @Test
    void theAllowedUserConnects() throws Exception {
        try (Connection c = factory().createConnection("j2ee", "j2ee"); JMSContext ctx = factory().createContext("j2ee", "j2ee")) {
            assertEquals(null, c.getClientID());
            ctx.createProducer().send(ctx.createQueue("q"), "x");
        }
    }
}
