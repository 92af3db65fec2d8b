package org.wharfmq.bench;

import jakarta.jms.Connection;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.YmqRelay;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * S8: Wharf on its SQS backend beside the AWS SQS JMS library, on one embedded ElasticMQ, with the
 * same JMS code ({@link SqsWorkloads}); the FIFO workloads on the YMQ-shaped relay in front of it
 * ({@link YmqRelay}: one message per group per receive, 30 requests a second per FIFO queue), which
 * both reach with their own wire protocol (Wharf Query, the library JSON). Each measured client reaches ElasticMQ through a
 * {@link CountingRelay} of its own, so both systems report HTTP requests per message counted the
 * same way: from opening the client until it is closed, with what it sends on closing. Queues are
 * made, filled and checked by an SqsClient of the bench's own that talks to ElasticMQ directly.
 */
final class SqsScenario {
    static final String SCENARIO = "S8";
    /** Messages a consumer fetches at most per ReceiveMessage and holds, on both systems. */
    static final int PREFETCH = 10;
    /**
     * How long a measurement waits for its client to close. The library's consumer waits out its
     * last long poll (20 s) when it closes after a drain; that poll was counted when it was sent, and
     * closing the relay then ends it.
     */
    private static final long CLOSE_WAIT_SECONDS = 2;

    /** The message attribute in which Wharf's SQS backend keeps a message's MessageId. */
    private static final String WHARF_ID = "wharf.id";
    /** Message groups of the FIFO workloads, which send to them in turn. */
    static final int GROUPS = 10;
    /** Messages of a FIFO drain at most: YMQ allows 30 requests a second per FIFO queue. */
    static final int FIFO_DRAIN = 300;

    /** The workloads, by the name their metrics carry; the FIFO ones run on the YMQ-shaped server. */
    enum Workload {
        SYNC_SEND("sync send", false), ASYNC_SEND("async send", false), AUTO_DRAIN("AUTO drain", false),
        CLIENT_DRAIN("CLIENT drain", false), FIFO_SYNC_SEND("YMQ FIFO sync send", true),
        FIFO_AUTO_DRAIN("YMQ FIFO AUTO drain", true), FIFO_CLIENT_DRAIN("YMQ FIFO CLIENT drain", true);

        final String label;
        final boolean fifo;

        Workload(String label, boolean fifo) {
            this.label = label;
            this.fifo = fifo;
        }

        boolean drains() {
            return this == AUTO_DRAIN || this == CLIENT_DRAIN || this == FIFO_AUTO_DRAIN || this == FIFO_CLIENT_DRAIN;
        }
    }

    private final Settings settings;
    private final Results results;

    SqsScenario(Settings settings, Results results) {
        this.settings = settings;
        this.results = results;
    }

    void run() throws Exception {
        List<SqsSystem> systems = List.of(new WharfSqsSystem(), new SqsJmsSystem());
        try (ElasticMq server = ElasticMq.start();
             YmqRelay ymq = YmqRelay.start(server, YmqRelay.Options.defaults().acceptJson(true));
             SqsClient admin = SqsJmsSystem.client(server.endpoint())) {
            Measurer standard = new Measurer(server.endpoint(), admin, false);
            Measurer fifo = new Measurer(ymq.endpoint(), admin, true);
            try {
                for (SqsSystem s : systems) {
                    for (Workload w : Workload.values()) {
                        (w.fifo ? fifo : standard).measure(s, w, "w");
                    }
                }
                for (int round = 1; round <= settings.rounds(); round++) {
                    List<SqsSystem> order = new ArrayList<>(systems);
                    if (round % 2 == 0) {
                        Collections.reverse(order);
                    }
                    for (Workload w : Workload.values()) {
                        for (SqsSystem s : order) {
                            Map<String, Double> figures = (w.fifo ? fifo : standard).measure(s, w, "r" + round);
                            figures.forEach((metric, v) -> results.add(SCENARIO, s.name(), metric, v));
                        }
                    }
                }
            } finally {
                standard.close();
                fifo.close();
            }
        }
    }

    /**
     * Measures one workload on one system on a queue of its own, deleted afterwards, on one server:
     * ElasticMQ, or for FIFO queues the YMQ-shaped relay in front of it.
     */
    private final class Measurer {
        private final String endpoint;
        private final int port;
        private final SqsClient admin;
        private final boolean ymq;
        private final List<CompletableFuture<Void>> closing = new ArrayList<>();

        Measurer(String endpoint, SqsClient admin, boolean ymq) {
            this.endpoint = endpoint;
            this.port = Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
            this.admin = admin;
            this.ymq = ymq;
        }

        Map<String, Double> measure(SqsSystem system, Workload w, String round) throws Exception {
            if (w == Workload.ASYNC_SEND && !system.asyncSend()) {
                return Map.of();
            }
            String queue = "s8-" + round + "-" + w.name().toLowerCase().replace('_', '-') + "-" + system.name() + "-q"
                    + (w.fifo ? ".fifo" : "");
            String url = admin.createQueue(q -> q.queueName(queue).attributes(w.fifo
                    ? Map.of(QueueAttributeName.FIFO_QUEUE, "true") : Map.of())).queueUrl();
            int count = w.fifo ? Math.min(FIFO_DRAIN, settings.sqsDrainCount()) : settings.sqsDrainCount();
            if (w.drains()) {
                fill(system, queue, url, count, w.fifo);
            }
            CountingRelay relay = new CountingRelay(port);
            long opened = System.nanoTime();
            SqsSystem.Client client = system.open(relay.endpoint(), queue, ymq);
            Connection c = null;
            SqsWorkloads.Timed t;
            try {
                c = client.factory().createConnection();
                t = switch (w) {
                    case SYNC_SEND -> SqsWorkloads.syncSend(c, client.queue(), settings.nanos(), 0);
                    case FIFO_SYNC_SEND -> SqsWorkloads.syncSend(c, client.queue(), settings.nanos(), GROUPS);
                    case ASYNC_SEND -> SqsWorkloads.asyncSend(c, client.queue(), settings.nanos());
                    case AUTO_DRAIN, FIFO_AUTO_DRAIN -> SqsWorkloads.drain(c, client.queue(), count,
                            Session.AUTO_ACKNOWLEDGE);
                    case CLIENT_DRAIN, FIFO_CLIENT_DRAIN -> SqsWorkloads.drain(c, client.queue(), count,
                            Session.CLIENT_ACKNOWLEDGE);
                };
            } finally {
                closing.add(close(c, client));
            }
            boolean closed = awaitClosed(closing.get(closing.size() - 1), CLOSE_WAIT_SECONDS);
            double overall = (System.nanoTime() - opened) / 1e9;
            Map<String, Long> requests = relay.counts();
            relay.close();
            expectOnServer(url, w.drains() ? 0 : t.messages(), system, w.label);
            admin.deleteQueue(q -> q.queueUrl(url));
            long total = requests.values().stream().mapToLong(Long::longValue).sum();
            double perMessage = (double) total / t.messages();
            System.out.printf("S8 %-3s %-12s %-9s %s msg/s, %.3f req/msg (%d messages, %d requests in %.1f s%s: %s)%n",
                    round, w.label, system.name(), Report.fmt(t.rate()), perMessage, t.messages(), total, overall,
                    closed ? "" : ", still closing", requests);
            return Map.of(w.label + " msg/s", t.rate(), w.label + " req/msg", perMessage);
        }

        /** Closes the connection, then the client, on a thread of its own. */
        private CompletableFuture<Void> close(Connection c, SqsSystem.Client client) {
            return CompletableFuture.runAsync(() -> {
                try (client) {
                    if (c != null) {
                        c.close();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException("S8: closing a client failed", e);
                }
            });
        }

        private boolean awaitClosed(CompletableFuture<Void> f, long seconds) throws Exception {
            try {
                f.get(seconds, TimeUnit.SECONDS);
                return true;
            } catch (TimeoutException e) {
                return false;
            } catch (ExecutionException e) {
                throw (Exception) e.getCause();
            }
        }

        /**
         * Fills {@code queue} with {@code count} copies of a message the system sent there itself,
         * 10 to a SendMessageBatch, so that every copy is encoded as that system encodes it; on a
         * FIFO queue in {@link #GROUPS} groups in turn, each copy with a deduplication id of its own.
         */
        private void fill(SqsSystem system, String queue, String url, int count, boolean fifo) throws Exception {
            try (SqsSystem.Client client = system.open(endpoint, queue, ymq);
                 Connection c = client.factory().createConnection()) {
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                jakarta.jms.TextMessage first = s.createTextMessage(Workloads.BODY);
                if (fifo) {
                    first.setStringProperty("JMSXGroupID", "g0");
                    first.setStringProperty(SqsWorkloads.DEDUPLICATION_ID, "fill");
                }
                s.createProducer(s.createQueue(client.queue())).send(first);
            }
            Message m = admin.receiveMessage(q -> q.queueUrl(url).messageAttributeNames("All").waitTimeSeconds(5))
                    .messages().get(0);
            admin.deleteMessage(q -> q.queueUrl(url).receiptHandle(m.receiptHandle()));
            for (int sent = 0; sent < count; ) {
                List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
                for (int i = 0; i < Ranges.BATCH.max() && sent < count; i++, sent++) {
                    entries.add(SendMessageBatchRequestEntry.builder().id("m" + i).messageBody(m.body())
                            .messageAttributes(withOwnId(m.messageAttributes()))
                            .messageGroupId(fifo ? "g" + sent % GROUPS : null)
                            .messageDeduplicationId(fifo ? "d" + sent : null).build());
                }
                if (!admin.sendMessageBatch(q -> q.queueUrl(url).entries(entries)).failed().isEmpty()) {
                    throw new IllegalStateException("S8: filling " + queue + " failed");
                }
            }
            expectOnServer(url, count, system, "fill");
        }

        /**
         * A copy's attributes: the original's, but a MessageId a system keeps in an attribute (Wharf's
         * {@value #WHARF_ID}) is made anew, as JMS message ids are unique.
         */
        private Map<String, MessageAttributeValue> withOwnId(Map<String, MessageAttributeValue> attributes) {
            if (!attributes.containsKey(WHARF_ID)) {
                return attributes;
            }
            Map<String, MessageAttributeValue> copy = new java.util.HashMap<>(attributes);
            copy.put(WHARF_ID, MessageAttributeValue.builder().dataType("String")
                    .stringValue(java.util.UUID.randomUUID().toString()).build());
            return copy;
        }

        /**
         * Fails unless the queue holds {@code expected} messages, none of them in flight, within 5 s:
         * the server's counts are approximate and may lag a batch that was just answered.
         */
        private void expectOnServer(String url, long expected, SqsSystem system, String step) {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
            while (true) {
                Map<QueueAttributeName, String> a = admin.getQueueAttributes(q -> q.queueUrl(url).attributeNames(
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES,
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE)).attributes();
                long visible = Long.parseLong(a.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES));
                long inFlight = Long.parseLong(a.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE));
                if (visible == expected && inFlight == 0) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("S8 " + step + " on " + system.name() + ": the queue holds "
                            + visible + " messages and " + inFlight + " in flight, expected " + expected + " and 0");
                }
                java.util.concurrent.locks.LockSupport.parkNanos(java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(20));
            }
        }

        /** Waits for the clients still closing, whose relays are closed already. */
        void close() throws Exception {
            for (CompletableFuture<Void> f : closing) {
                if (!awaitClosed(f, 30)) {
                    System.out.println("S8: a client did not close within 30 s");
                }
            }
        }
    }
}
