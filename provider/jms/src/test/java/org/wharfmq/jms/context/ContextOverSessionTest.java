package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.UUID;
import jakarta.jms.Connection;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfContext;

/** A context over a borrowed session: it uses that session, and closing it leaves the session open. */
class ContextOverSessionTest {
    private final WharfConnectionFactory factory = new WharfConnectionFactory("wharf:memory:over-" + UUID.randomUUID());

    @Test
    void itSendsAndReceivesOnTheSessionAndClosingItLeavesTheSessionOpen() throws Exception {
        try (Connection c = factory.createConnection()) {
            Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
            Queue q = s.createQueue("over");
            JMSContext ctx = WharfContext.over(s);
            assertEquals(JMSContext.CLIENT_ACKNOWLEDGE, ctx.getSessionMode());
            ctx.createProducer().send(q, "one");
            JMSConsumer consumer = ctx.createConsumer(q);
            assertEquals("one", consumer.receiveBody(String.class, 5000));
            ctx.close();
            assertThrows(IllegalStateRuntimeException.class, () -> consumer.receiveNoWait());
            // The session is still open, and its message is still unacknowledged: recover redelivers it.
            s.recover();
            c.start();
            assertEquals("one", s.createConsumer(q).receive(5000).getBody(String.class));
        }
    }

    @Test
    void overAnXaSessionItHasThatSessionsXaResource() throws Exception {
        try (XAConnection c = factory.createXAConnection()) {
            XASession s = c.createXASession();
            WharfContext ctx = (WharfContext) WharfContext.over(s);
            assertSame(s.getXAResource(), ctx.getXAResource());
        }
    }

    @Test
    void aSessionOfAnotherProviderIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WharfContext.over(null));
        assertEquals("a Wharf JMSContext needs a Wharf session, not null", e.getMessage());
    }
}
