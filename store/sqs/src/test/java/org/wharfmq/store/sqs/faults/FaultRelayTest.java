package org.wharfmq.store.sqs.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.Fault;
import org.wharfmq.store.sqs.testing.FaultRelay;
import org.wharfmq.store.sqs.testing.FaultScript;

/** The fault relay does to each request what its scripts say, and counts it. */
class FaultRelayTest {
    private FaultRelay relay;
    private RawCalls sqs;
    private String queueUrl;

    @BeforeEach
    void start() throws Exception {
        relay = FaultRelay.start(ElasticMq.shared().endpoint());
        sqs = new RawCalls(relay.endpoint());
        queueUrl = sqs.createQueue("faults" + UUID.randomUUID().toString().substring(0, 8));
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    /** What the server holds, read once the scripts are healed. */
    private List<String> onTheServer() throws Exception {
        relay.heal();
        return sqs.receive(queueUrl);
    }

    @Test
    void queueUrlsInAnswersPointAtTheRelay() {
        assertTrue(queueUrl.startsWith(relay.endpoint() + "/"), queueUrl);
    }

    @Test
    void aPlainRequestIsRelayed() throws Exception {
        assertEquals(200, sqs.send(queueUrl, "plain").status());
        assertEquals(List.of("plain"), sqs.receive(queueUrl));
        assertEquals(0, relay.injected(Fault.RESET_AFTER));
    }

    @Test
    void throttlingAnswers400WithSqsThrottlingCodesInTurnAndTheServerNeverSeesTheRequest() throws Exception {
        relay.inject(FaultScript.of(Fault.THROTTLE).on("SendMessage"));

        RawCalls.Answer first = sqs.send(queueUrl, "a");
        RawCalls.Answer second = sqs.send(queueUrl, "b");

        assertEquals(400, first.status());
        assertEquals("com.amazonaws.sqs#RequestThrottled", first.first("__type"));
        assertEquals(400, second.status());
        assertEquals("com.amazonaws.sqs#ThrottlingException", second.first("__type"));
        assertEquals(List.of(), onTheServer());
        assertEquals(2, relay.injected(Fault.THROTTLE));
        assertEquals(Map.of("THROTTLE SendMessage", 2L), relay.injectedByAction());
    }

    @Test
    void aQueryRequestGetsTheErrorAsXml() throws Exception {
        relay.inject(FaultScript.of(Fault.UNAVAILABLE_503).on("SendMessage"));

        RawCalls.Answer a = sqs.query("SendMessage", "QueueUrl", queueUrl, "MessageBody", "q");

        assertEquals(503, a.status());
        assertEquals("ServiceUnavailable", a.first("Code"));
        assertEquals(1, relay.injected(Fault.UNAVAILABLE_503));
    }

    @Test
    void serverErrorsAnswer500And503() throws Exception {
        relay.inject(FaultScript.of(Fault.ERROR_500).on("SendMessage"));
        assertEquals(500, sqs.send(queueUrl, "a").status());
        relay.heal();
        relay.inject(FaultScript.of(Fault.UNAVAILABLE_503).on("SendMessage"));
        assertEquals(503, sqs.send(queueUrl, "b").status());

        assertEquals(List.of(), onTheServer());
        assertEquals(1, relay.injected(Fault.ERROR_500));
        assertEquals(1, relay.injected(Fault.UNAVAILABLE_503));
    }

    @Test
    void aResetBeforeTheServerLeavesNothingOnIt() throws Exception {
        relay.inject(FaultScript.of(Fault.RESET_BEFORE).on("SendMessage"));

        assertThrows(IOException.class, () -> sqs.send(queueUrl, "lost"));

        assertEquals(List.of(), onTheServer());
        assertEquals(1, relay.injected(Fault.RESET_BEFORE));
    }

    @Test
    void aResetAfterTheServerActedDropsOnlyTheAnswer() throws Exception {
        relay.inject(FaultScript.of(Fault.RESET_AFTER).on("SendMessage"));

        assertThrows(IOException.class, () -> sqs.send(queueUrl, "sent unanswered"));

        assertEquals(List.of("sent unanswered"), onTheServer());
        assertEquals(1, relay.injected(Fault.RESET_AFTER));
    }

    @Test
    void aStallOutlastsTheClientAndTheServerActsLate() throws Exception {
        relay.inject(FaultScript.of(Fault.STALL).on("SendMessage").stall(Duration.ofMillis(800)));

        assertThrows(HttpTimeoutException.class, () -> sqs.json("SendMessage", "{\"QueueUrl\":\"" + queueUrl
                + "\",\"MessageBody\":\"late\"}", Duration.ofMillis(200)));
        assertEquals(1, relay.stalledNow());
        assertTrue(relay.awaitNoStalls(Duration.ofSeconds(10)));

        assertEquals(List.of("late"), onTheServer());
        assertEquals(1, relay.injected(Fault.STALL));
    }

    @Test
    void onlyTheScriptsActionsAreHit() throws Exception {
        relay.inject(FaultScript.of(Fault.RESET_BEFORE).on("ReceiveMessage"));

        assertEquals(200, sqs.send(queueUrl, "sent").status());
        assertThrows(IOException.class, () -> sqs.receive(queueUrl));

        assertEquals(List.of("sent"), onTheServer());
        assertEquals(Map.of("RESET_BEFORE ReceiveMessage", 1L), relay.injectedByAction());
    }

    @Test
    void aShareHitsSomeRequestsAndPassesTheOthers() throws Exception {
        relay.inject(FaultScript.of(Fault.THROTTLE).on("GetQueueUrl").share(0.5));
        long before = relay.relayed();
        int throttled = 0;
        for (int i = 0; i < 60; i++) {
            if (sqs.json("GetQueueUrl", "{\"QueueName\":\"" + queueUrl.substring(queueUrl.lastIndexOf('/') + 1)
                    + "\"}").status() == 400) {
                throttled++;
            }
        }
        // Each request is hit with probability 1/2: all 60 alike has a chance of 2^-59.
        assertTrue(throttled > 0 && throttled < 60, throttled + " of 60 throttled");
        assertEquals(throttled, relay.injected(Fault.THROTTLE));
        assertEquals(60 - throttled, relay.relayed() - before);
    }

    @Test
    void aScriptHitsAtMostItsTimes() throws Exception {
        relay.inject(FaultScript.of(Fault.ERROR_500).on("SendMessage").times(2));

        List<Integer> statuses = List.of(sqs.send(queueUrl, "a").status(), sqs.send(queueUrl, "b").status(),
                sqs.send(queueUrl, "c").status());

        assertEquals(List.of(500, 500, 200), statuses);
        assertEquals(List.of("c"), onTheServer());
    }

    @Test
    void aScriptEndsAfterItsTime() throws Exception {
        relay.inject(FaultScript.of(Fault.ERROR_500).on("SendMessage").lasting(Duration.ofMillis(300)));
        assertEquals(500, sqs.send(queueUrl, "during").status());

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int status = 500;
        while (status == 500 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            status = sqs.send(queueUrl, "after").status();
        }
        assertEquals(200, status);
    }

    @Test
    void theStoreRetriesAThrottledRequestAndGetsThrough() {
        String url = relay.storeUrl("faultstore", ElasticMq.PROTOCOL);
        try (QueueService store = QueueServices.open(url)) {
            String q = store.createQueue("retried", Map.of());
            store.sendMessage(SendMessageRequest.of(q, "first"));
            relay.inject(FaultScript.of(Fault.THROTTLE).on("SendMessage").lasting(Duration.ofMillis(300)));
            store.sendMessage(SendMessageRequest.of(q, "through"));
            assertEquals(List.of("first", "through"), store.receiveMessage(new ReceiveMessageRequest(q, 10, null, 0,
                    null)).stream().map(m -> m.body()).toList());
        }
        assertTrue(relay.injected(Fault.THROTTLE) >= 1);
    }

    @Test
    void badScriptsAreRefusedNamingTheValue() {
        assertEquals("the share of a THROTTLE script is 0.0: it must be more than 0 and at most 1",
                assertThrows(IllegalArgumentException.class, () -> FaultScript.of(Fault.THROTTLE).share(0))
                        .getMessage());
        assertEquals("the share of a THROTTLE script is 1.5: it must be more than 0 and at most 1",
                assertThrows(IllegalArgumentException.class, () -> FaultScript.of(Fault.THROTTLE).share(1.5))
                        .getMessage());
        assertEquals("a RESET_AFTER script lasts PT0S: it must be positive", assertThrows(
                IllegalArgumentException.class, () -> FaultScript.of(Fault.RESET_AFTER).lasting(Duration.ZERO))
                .getMessage());
        assertEquals("the stall of a STALL script is PT0S: it must be positive", assertThrows(
                IllegalArgumentException.class, () -> FaultScript.of(Fault.STALL).stall(Duration.ZERO)).getMessage());
        assertEquals("a THROTTLE script hits at most -1 requests: it must be 0 (no limit) or more", assertThrows(
                IllegalArgumentException.class, () -> FaultScript.of(Fault.THROTTLE).times(-1)).getMessage());
        assertEquals("STALL on SendMessage, 100% for 60000 ms, stalls of 35000 ms, at most 2 times",
                FaultScript.of(Fault.STALL).on(Set.of("SendMessage")).times(2).toString());
    }
}
