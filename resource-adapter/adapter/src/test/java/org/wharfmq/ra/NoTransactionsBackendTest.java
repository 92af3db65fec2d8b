package org.wharfmq.ra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.transaction.xa.XAResource;
import jakarta.jms.Connection;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.resource.NotSupportedException;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.TransactionSupport.TransactionSupportLevel;
import jakarta.resource.spi.UnavailableException;
import jakarta.resource.spi.endpoint.MessageEndpoint;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import jakarta.resource.spi.work.Work;
import jakarta.resource.spi.work.WorkManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.ra.inbound.WharfActivationSpec;
import org.wharfmq.ra.outbound.PooledConnectionFactory;
import org.wharfmq.ra.outbound.WharfManagedConnectionFactory;

/**
 * The adapter on a backend without transactions: it declares NoTransaction, and still sends and
 * delivers. A transacted MDB is delivered to without a transaction on any backend without XA.
 */
class NoTransactionsBackendTest {

    /** A fresh store without the capabilities that {@code mask} names. */
    private static String limitedUrl(String mask) {
        return "wharf:masked:" + mask + ":wharf:memory:ra-" + UUID.randomUUID();
    }

    /** A connection manager without a pool: each request gets a new managed connection. */
    private static final ConnectionManager UNPOOLED = (mcf, info) -> {
        ManagedConnection mc = mcf.createManagedConnection(null, info);
        return mc.getConnection(null, info);
    };

    @Test
    void outboundDeclaresNoTransactionAndStillSends() throws Exception {
        WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
        mcf.setConnectionURL(limitedUrl("Transactions,XaTransactions"));
        assertEquals(TransactionSupportLevel.NoTransaction, mcf.getTransactionSupport());
        ManagedConnection mc = mcf.createManagedConnection(null, null);
        assertThrows(NotSupportedException.class, mc::getXAResource);
        assertThrows(NotSupportedException.class, mc::getLocalTransaction);
        mc.destroy();

        PooledConnectionFactory cf = (PooledConnectionFactory) mcf.createConnectionFactory(UNPOOLED);
        try (JMSContext ctx = cf.createContext()) {
            ctx.createProducer().send(ctx.createQueue("out"), "sent without a transaction");
        }
        WharfConnectionFactory direct = new WharfConnectionFactory(mcf.getConnectionURL());
        try (JMSContext ctx = direct.createContext()) {
            assertEquals("sent without a transaction",
                    ctx.createConsumer(ctx.createQueue("out")).receiveBody(String.class, 5_000));
        }
    }

    @Test
    void fullBackendDeclaresXaTransaction() {
        WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
        mcf.setConnectionURL("wharf:memory:ra-" + UUID.randomUUID());
        assertEquals(TransactionSupportLevel.XATransaction, mcf.getTransactionSupport());
    }

    @ParameterizedTest(name = "without {0}")
    @ValueSource(strings = {"Transactions,XaTransactions", "XaTransactions"})
    void aTransactedMdbIsDeliveredToWithoutATransaction(String mask) throws Exception {
        String url = limitedUrl(mask);
        WharfResourceAdapter ra = new WharfResourceAdapter();
        ra.setConnectionURL(url);
        ra.start(TestEndpoints.bootstrap());
        BlockingQueue<String> delivered = new LinkedBlockingQueue<>();
        BlockingQueue<XAResource> offered = new LinkedBlockingQueue<>();
        WharfActivationSpec spec = new WharfActivationSpec();
        spec.setDestination("in");
        spec.setResourceAdapter(ra);
        MessageEndpointFactory factory = TestEndpoints.transacted(delivered, offered);
        try {
            assertEquals(0, ra.getXAResources(new WharfActivationSpec[] {spec}).length);
            ra.endpointActivation(factory, spec);
            try (Connection c = new WharfConnectionFactory(url).createConnection()) {
                Session s = c.createSession();
                s.createProducer(s.createQueue("in")).send(s.createTextMessage("to the MDB"));
            }
            assertEquals("to the MDB", delivered.poll(10, TimeUnit.SECONDS));
            assertEquals(0, offered.size(), "no XAResource is given to the endpoint");
        } finally {
            ra.endpointDeactivation(factory, spec);
            ra.stop();
        }
    }
}
