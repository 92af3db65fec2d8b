package org.wharfmq.store.contract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.ContainerLifecycleContext;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.reference.ReferenceQueueService;
import org.wharfmq.store.testing.ManualClock;

/**
 * Random sequences of every queue operation, clock jumps included, run against a store of the backend
 * under test and the reference model on one manual clock: every response must be the same.
 */
@AddLifecycleHook(ModelEquivalenceContract.SkipOnServerClock.class)
public abstract class ModelEquivalenceContract {
    private static final AtomicLong OPERATIONS = new AtomicLong();
    private static final String[] QUEUES = {"std", "std-dlq", "fifo.fifo", "fifo-dlq.fifo", "grp.fifo"};
    private static final long[] JUMPS = {1, 500, 1_000, 2_000, 31_000, 61_000, 301_000, 345_600_000};

    /** One operation; {@code q} indexes QUEUES, the other numbers pick bodies, ids and handles. */
    record Op(int kind, int q, int a, int b, int c) {
    }

    /** The backend under test. */
    protected abstract Backend backend();

    /**
     * Skips a concrete class whose backend keeps time by its server's clock, which the property's clock
     * jumps cannot move; jqwik skips a whole container only from a hook, not by an assumption.
     */
    public static final class SkipOnServerClock implements SkipExecutionHook {
        @Override
        public SkipResult shouldBeSkipped(LifecycleContext context) {
            if (!(context instanceof ContainerLifecycleContext) || context.optionalContainerClass().isEmpty()
                    || !ModelEquivalenceContract.class.isAssignableFrom(context.optionalContainerClass().get())) {
                return SkipResult.doNotSkip();
            }
            ModelEquivalenceContract contract =
                    (ModelEquivalenceContract) context.newInstance(context.optionalContainerClass().get());
            return contract.backend().difference(Rules.SERVER_CLOCK).map(SkipResult::skip)
                    .orElse(SkipResult.doNotSkip());
        }
    }

    /** Each concrete class counts its own operations; containers run one after another. */
    @BeforeContainer
    static void countFromZero() {
        OPERATIONS.set(0);
    }

    @Property(tries = 200)
    void storeAnswersLikeTheReference(@ForAll("operations") List<Op> ops) {
        ManualClock clock = new ManualClock();
        try (QueueService store = QueueServices.open(backend().storeUrl("model"), clock);
             QueueService reference = new ReferenceQueueService(clock)) {
            Side s = new Side(store);
            Side r = new Side(reference);
            List<String> trail = new ArrayList<>();
            for (Runnable setup : setups(s, r)) {
                setup.run();
            }
            for (Op op : ops) {
                if (op.kind == 0) {
                    clock.advance(java.time.Duration.ofMillis(JUMPS[op.a % JUMPS.length]));
                    trail.add("advance " + JUMPS[op.a % JUMPS.length] + " ms");
                    continue;
                }
                String expected = r.apply(op);
                String actual = s.apply(op);
                trail.add(describe(op) + " -> " + expected);
                OPERATIONS.incrementAndGet();
                if (!expected.equals(actual)) {
                    throw new AssertionError("store and reference differ at " + describe(op) + "\n  reference: "
                            + expected + "\n  store:     " + actual + "\n  after:\n    "
                            + String.join("\n    ", trail.subList(Math.max(0, trail.size() - 40), trail.size())));
                }
            }
        }
    }

    @AfterContainer
    static void atLeastTenThousandOperations() {
        System.out.println("model equivalence: " + OPERATIONS.get() + " operations compared");
        if (OPERATIONS.get() < 10_000) {
            throw new AssertionError("only " + OPERATIONS.get() + " operations were compared; at least 10,000 are due");
        }
    }

    private static List<Runnable> setups(Side s, Side r) {
        String redriveStd = "{\"deadLetterTargetArn\":\"std-dlq\",\"maxReceiveCount\":2}";
        String redriveFifo = "{\"deadLetterTargetArn\":\"fifo-dlq.fifo\",\"maxReceiveCount\":2}";
        List<Map<String, String>> attrs = List.of(Map.of("RedrivePolicy", redriveStd), Map.of(),
                Map.of("RedrivePolicy", redriveFifo, "ContentBasedDeduplication", "true"), Map.of(),
                Map.of("DeduplicationScope", "messageGroup", "VisibilityTimeout", "5"));
        int[] order = {1, 3, 0, 2, 4};
        List<Runnable> out = new ArrayList<>();
        for (int i : order) {
            out.add(() -> {
                s.service.createQueue(QUEUES[i], attrs.get(i));
                r.service.createQueue(QUEUES[i], attrs.get(i));
            });
        }
        return out;
    }

    private static String describe(Op op) {
        String[] names = {"advance", "send", "sendBatch", "receive", "delete", "changeVisibility", "deleteBatch",
            "changeVisibilityBatch", "attributes", "purge", "setAttributes", "badInput"};
        return names[op.kind] + "(" + QUEUES[op.q] + ", " + op.a + ", " + op.b + ", " + op.c + ")";
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        Arbitrary<Op> op = Combinators.combine(
                Arbitraries.frequency(
                        net.jqwik.api.Tuple.of(8, 0), net.jqwik.api.Tuple.of(20, 1), net.jqwik.api.Tuple.of(4, 2),
                        net.jqwik.api.Tuple.of(20, 3), net.jqwik.api.Tuple.of(10, 4), net.jqwik.api.Tuple.of(6, 5),
                        net.jqwik.api.Tuple.of(3, 6), net.jqwik.api.Tuple.of(3, 7), net.jqwik.api.Tuple.of(6, 8),
                        net.jqwik.api.Tuple.of(1, 9), net.jqwik.api.Tuple.of(2, 10), net.jqwik.api.Tuple.of(2, 11)),
                Arbitraries.integers().between(0, QUEUES.length - 1),
                Arbitraries.integers().between(0, 40),
                Arbitraries.integers().between(0, 40),
                Arbitraries.integers().between(0, 40)).as(Op::new);
        return op.list().ofMinSize(55).ofMaxSize(70);
    }

    /** One system under test with its own MessageId and receipt-handle tables. */
    private static final class Side {
        final QueueService service;
        final Map<String, Integer> logicalIds = new HashMap<>();
        final List<String> handles = new ArrayList<>();
        int sends;

        Side(QueueService service) {
            this.service = service;
        }

        String apply(Op op) {
            String url = org.wharfmq.store.model.Names.url(QUEUES[op.q]);
            boolean fifo = QUEUES[op.q].endsWith(".fifo");
            try {
                return switch (op.kind) {
                    case 1 -> sent(service.sendMessage(request(url, fifo, op.a, op.b, op.c)));
                    case 2 -> {
                        List<SendBatchEntry> entries = new ArrayList<>();
                        for (int i = 0; i <= op.c % 3; i++) {
                            SendMessageRequest r = request(url, fifo, op.a + i, op.b + i, op.c);
                            entries.add(new SendBatchEntry("e" + i, r.messageBody(), r.delaySeconds(),
                                    r.messageAttributes(), r.messageGroupId(), r.messageDeduplicationId()));
                        }
                        BatchResult<SendResult> b = service.sendMessageBatch(url, entries);
                        StringBuilder sb = new StringBuilder("batch");
                        b.successful().forEach(x -> sb.append(' ').append(x.id()).append('=').append(sent(x)));
                        b.failed().forEach(x -> sb.append(' ').append(x.id()).append('!').append(x.code()));
                        yield sb.toString();
                    }
                    case 3 -> {
                        Integer[] vts = {null, 0, 1, 5, 40};
                        ReceiveMessageRequest r = new ReceiveMessageRequest(url, 1 + op.a % 10, vts[op.b % vts.length],
                                0, op.c % 4 == 0 ? "attempt" + op.c % 3 : null);
                        yield received(service.receiveMessage(r));
                    }
                    case 4 -> {
                        service.deleteMessage(url, handle(op.a));
                        yield "deleted";
                    }
                    case 5 -> {
                        service.changeMessageVisibility(url, handle(op.a), new int[] {0, 1, 3, 40}[op.b % 4]);
                        yield "changed";
                    }
                    case 6 -> batchIds(service.deleteMessageBatch(url, List.of(new BatchEntry<>("x", handle(op.a)),
                            new BatchEntry<>("y", handle(op.b)))));
                    case 7 -> batchIds(service.changeMessageVisibilityBatch(url, List.of(
                            new BatchEntry<>("x", new VisibilityChange(handle(op.a), op.c % 3)),
                            new BatchEntry<>("y", new VisibilityChange(handle(op.b), 0)))));
                    case 8 -> new TreeMap<>(service.getQueueAttributes(url, List.of("All"))).toString();
                    case 9 -> {
                        service.purgeQueue(url);
                        yield "purged";
                    }
                    case 10 -> {
                        String[] names = {"VisibilityTimeout", "DelaySeconds", "MessageRetentionPeriod"};
                        String[] values = {"0", "1", "3", "60", "-1", "x"};
                        service.setQueueAttributes(url, Map.of(names[op.a % 3], values[op.b % values.length]));
                        yield "set";
                    }
                    default -> {
                        if (op.a % 2 == 0) {
                            service.deleteMessage(url, "not-a-handle-" + op.b);
                        } else {
                            service.sendMessage(new SendMessageRequest(url, "bad\u0000" + op.b, null, null,
                                    fifo ? "g" : null, fifo ? "d" + op.b : null));
                        }
                        yield "accepted bad input";
                    }
                };
            } catch (QueueServiceException e) {
                return "error " + e.code();
            }
        }

        private SendMessageRequest request(String url, boolean fifo, int a, int b, int c) {
            sends++;
            String body = a % 3 == 0 ? "same-" + b % 4 : "body-" + sends;
            Map<String, MessageAttributeValue> attrs = c % 5 == 0 ? Map.of("n", MessageAttributeValue.number("" + c)) : null;
            if (!fifo) {
                return new SendMessageRequest(url, body, c % 4 == 0 ? Integer.valueOf(c % 3) : null, attrs, null, null);
            }
            String dedup = b % 3 == 0 ? null : "d" + b % 7;
            return new SendMessageRequest(url, body, c % 17 == 0 ? Integer.valueOf(2) : null, attrs,
                    c % 13 == 0 ? null : "g" + c % 3, dedup);
        }

        private String sent(SendResult r) {
            int logical = logicalIds.computeIfAbsent(r.messageId(), k -> logicalIds.size());
            return "L" + logical + (r.sequenceNumber() != null ? "+seq" : "") + " md5=" + r.md5OfMessageBody();
        }

        private String received(List<ReceivedMessage> list) {
            StringBuilder sb = new StringBuilder("received");
            for (ReceivedMessage m : list) {
                handles.add(m.receiptHandle());
                sb.append(" [L").append(logicalIds.computeIfAbsent(m.messageId(), k -> logicalIds.size()))
                        .append(' ').append(m.body()).append(" n=").append(m.receiveCount())
                        .append(" g=").append(m.messageGroupId()).append(" d=").append(m.messageDeduplicationId())
                        .append(" a=").append(m.messageAttributes()).append(']');
            }
            return sb.toString();
        }

        private String handle(int i) {
            return handles.isEmpty() ? "none" : handles.get(i % handles.size());
        }

        private static String batchIds(BatchResult<String> b) {
            StringBuilder sb = new StringBuilder("batch ok=" + b.successful());
            b.failed().forEach(x -> sb.append(' ').append(x.id()).append('!').append(x.code()));
            return sb.toString();
        }
    }
}
