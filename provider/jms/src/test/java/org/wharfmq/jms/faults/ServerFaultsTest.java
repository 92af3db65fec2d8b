package org.wharfmq.jms.faults;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jakarta.jms.Queue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.Fault;
import org.wharfmq.store.sqs.testing.FaultRelay;
import org.wharfmq.store.sqs.testing.FaultScript;
import org.wharfmq.store.sqs.testing.SqsTestServer;
import org.wharfmq.store.sqs.testing.StoredElasticMq;

/**
 * The JMS layer on the SQS backend under server faults, measured: two producers, a transacted
 * producer, a transacted consumer, a CLIENT_ACKNOWLEDGE consumer and two AUTO_ACKNOWLEDGE listeners
 * share a queue while the relay injects each fault kind in turn, for 5 s on half the message
 * requests (stalls: 3 s on a fifth), and the server restarts once. It prints the figures of
 * docs/sqs.md, "Server faults", one line a phase. The MDB's share is in the resource adapter's tests.
 */
class ServerFaultsTest {
    private static final int VISIBILITY_SECONDS = 10;
    private static final Duration FAULT_TIME = Duration.ofSeconds(5);
    private static final double SHARE = 0.5;
    private static final Duration STALL = Duration.ofSeconds(35);
    private static final Duration RECOVERY_DEADLINE = Duration.ofSeconds(20);
    /** A stalled request fails only at the client's 30 s socket timeout. */
    private static final Duration STALL_RECOVERY_DEADLINE = STALL.plusSeconds(20);
    /** A failed commit can leave its messages hidden for the store's 60 s hold. */
    private static final Duration DRAIN_DEADLINE = Duration.ofSeconds(90);

    @TempDir
    Path storage;

    @Test
    void noAcknowledgedMessageIsLostAndEveryDuplicateHasARule() throws Exception {
        assumeTrue(TestStores.sqs() && !SqsTestServer.ymq(),
                "on the SQS runs over ElasticMQ only: it starts its own stored ElasticMQ behind a fault relay");
        try (StoredElasticMq mq = StoredElasticMq.start(storage); FaultRelay relay = FaultRelay.start(mq.endpoint())) {
            WharfConnectionFactory factory = new WharfConnectionFactory(relay.storeUrl("faults", ElasticMq.PROTOCOL));
            factory.admin().declare("orders", Map.of("VisibilityTimeout", Integer.toString(VISIBILITY_SECONDS)));
            Queue queue = new WharfQueue("orders");
            FaultLoad load = new FaultLoad(mq, relay, factory, "orders", VISIBILITY_SECONDS);
            load.with(new LoadWorker.Producer("p1", load.ledger(), factory, queue, 20))
                    .with(new LoadWorker.Producer("p2", load.ledger(), factory, queue, 20))
                    .with(new LoadWorker.TransactedProducer("tp", load.ledger(), factory, queue, 5, 4))
                    .with(new LoadWorker.TransactedConsumer("tc", load.ledger(), factory, queue, 5))
                    .with(new LoadWorker.ClientAckConsumer("ca", load.ledger(), factory, queue, 5))
                    .with(new LoadWorker.AutoListener("l1", load.ledger(), factory, queue))
                    .with(new LoadWorker.AutoListener("l2", load.ledger(), factory, queue));
            load.start();
            load.baseline(FAULT_TIME, RECOVERY_DEADLINE);
            for (Fault f : List.of(Fault.THROTTLE, Fault.ERROR_500, Fault.UNAVAILABLE_503, Fault.RESET_BEFORE,
                    Fault.RESET_AFTER)) {
                load.fault(FaultScript.of(f).on(FaultScript.MESSAGE_ACTIONS).share(SHARE).lasting(FAULT_TIME),
                        FAULT_TIME, RECOVERY_DEADLINE);
            }
            load.restart(RECOVERY_DEADLINE);
            Duration stallTime = Duration.ofSeconds(3);
            load.fault(FaultScript.of(Fault.STALL).on(FaultScript.MESSAGE_ACTIONS).share(0.2).lasting(stallTime)
                    .stall(STALL), stallTime, STALL_RECOVERY_DEADLINE);
            load.finish(STALL.plusSeconds(10), DRAIN_DEADLINE);
            System.out.print(load.report("Server faults on " + ElasticMq.PROTOCOL + ":"));
            factory.closeStore();
            load.verify();
        }
    }
}
