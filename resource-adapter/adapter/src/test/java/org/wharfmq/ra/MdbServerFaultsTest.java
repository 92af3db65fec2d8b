package org.wharfmq.ra;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.transaction.xa.XAResource;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpoint;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.faults.FaultLoad;
import org.wharfmq.jms.faults.Ledger;
import org.wharfmq.jms.faults.LoadWorker;
import org.wharfmq.jms.faults.Worker;
import org.wharfmq.ra.inbound.WharfActivationSpec;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.Fault;
import org.wharfmq.store.sqs.testing.FaultRelay;
import org.wharfmq.store.sqs.testing.FaultScript;
import org.wharfmq.store.sqs.testing.StoredElasticMq;

/**
 * An MDB through the adapter's endpoint activation (no application server: the test plays the
 * container, as {@link TestEndpoints} does) on the SQS backend under server faults: the provider's
 * fault load ({@link FaultLoad}) with two producers and the MDB as the only consumer, each fault kind
 * but the stall (whose 30 s timeout the provider's own test measures) and a restart of the server.
 */
class MdbServerFaultsTest {
    private static final int VISIBILITY_SECONDS = 10;
    private static final Duration FAULT_TIME = Duration.ofSeconds(4);
    private static final Duration RECOVERY_DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path storage;

    @Test
    void anMdbLosesNothingAndEveryDuplicateHasARule() throws Exception {
        try (StoredElasticMq mq = StoredElasticMq.start(storage); FaultRelay relay = FaultRelay.start(mq.endpoint())) {
            String url = relay.storeUrl("mdbfaults", ElasticMq.PROTOCOL);
            WharfConnectionFactory factory = new WharfConnectionFactory(url);
            factory.admin().declare("orders", Map.of("VisibilityTimeout", Integer.toString(VISIBILITY_SECONDS)));
            Queue queue = new WharfQueue("orders");
            FaultLoad load = new FaultLoad(mq, relay, factory, "orders", VISIBILITY_SECONDS);
            load.with(new LoadWorker.Producer("p1", load.ledger(), factory, queue, 20))
                    .with(new LoadWorker.Producer("p2", load.ledger(), factory, queue, 20))
                    .with(new Mdb(url, load.ledger()));
            Logger serverLog = Logger.getLogger("org.wharfmq.ra.inbound");
            Handler toLedger = warningsTo(load.ledger());
            serverLog.addHandler(toLedger);
            serverLog.setUseParentHandlers(false);
            try {
                run(load);
            } finally {
                serverLog.removeHandler(toLedger);
                serverLog.setUseParentHandlers(true);
            }
            System.out.print(load.report("An MDB under server faults on " + ElasticMq.PROTOCOL + ":"));
            factory.closeStore();
            load.verify();
        }
    }

    /**
     * The adapter's warnings, which go to the server's log (the MDB sees no exception), into the
     * ledger as failures of the MDB, so that each is checked to name its SQS request.
     */
    private static Handler warningsTo(Ledger ledger) {
        return new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    ledger.failed("mdb", "server log", new JMSException(r.getMessage()));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
    }

    private static void run(FaultLoad load) throws Exception {
        load.start();
        load.baseline(FAULT_TIME, RECOVERY_DEADLINE);
        for (Fault f : List.of(Fault.THROTTLE, Fault.ERROR_500, Fault.UNAVAILABLE_503, Fault.RESET_BEFORE,
                Fault.RESET_AFTER)) {
            load.fault(FaultScript.of(f).on(FaultScript.MESSAGE_ACTIONS).share(0.5).lasting(FAULT_TIME),
                    FAULT_TIME, RECOVERY_DEADLINE);
        }
        load.restart(RECOVERY_DEADLINE);
        load.finish(Duration.ofSeconds(30), Duration.ofSeconds(90));
    }

    /** The adapter, started on the store URL, delivering queue {@code orders} to an MDB that records each message. */
    private static final class Mdb implements Worker, MessageEndpointFactory {
        private final Ledger ledger;
        private final WharfResourceAdapter ra = new WharfResourceAdapter();
        private final WharfActivationSpec spec = new WharfActivationSpec();
        private final AtomicLong lastProgress = new AtomicLong(System.nanoTime());

        Mdb(String url, Ledger ledger) {
            this.ledger = ledger;
            ra.setConnectionURL(url);
            spec.setDestination("orders");
            spec.setResourceAdapter(ra);
        }

        @Override
        public String name() {
            return "mdb";
        }

        @Override
        public void start() {
            try {
                ra.start(TestEndpoints.bootstrap());
                ra.endpointActivation(this, spec);
            } catch (ResourceException e) {
                throw new IllegalStateException("the adapter did not activate the MDB: " + e.getMessage(), e);
            }
        }

        @Override
        public long lastProgressNanos() {
            return lastProgress.get();
        }

        @Override
        public boolean stop(long millis) {
            ra.endpointDeactivation(this, spec);
            ra.stop();
            return true;
        }

        @Override
        public MessageEndpoint createEndpoint(XAResource xa) {
            return new Endpoint();
        }

        @Override
        public MessageEndpoint createEndpoint(XAResource xa, long timeout) {
            return createEndpoint(xa);
        }

        @Override
        public boolean isDeliveryTransacted(Method method) {
            return false;
        }

        @Override
        public String getActivationName() {
            return "mdb-under-faults";
        }

        @Override
        public Class<?> getEndpointClass() {
            return Endpoint.class;
        }

        /** The MDB: a delivery is settled when onMessage returns (the adapter's AUTO_ACKNOWLEDGE). */
        private final class Endpoint implements MessageEndpoint, MessageListener {
            @Override
            public void onMessage(Message m) {
                try {
                    ledger.delivered(LoadWorker.key(m), "mdb", Ledger.Kind.MDB, m.getJMSRedelivered(),
                            LoadWorker.deliveryCount(m)).settled(Ledger.Settle.OK, System.nanoTime());
                    lastProgress.set(System.nanoTime());
                } catch (JMSException e) {
                    ledger.failed("mdb", "onMessage", e);
                }
            }

            @Override
            public void beforeDelivery(Method method) {
            }

            @Override
            public void afterDelivery() {
            }

            @Override
            public void release() {
            }
        }
    }
}
