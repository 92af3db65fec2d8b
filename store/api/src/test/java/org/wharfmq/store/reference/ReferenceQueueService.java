package org.wharfmq.store.reference;

import static org.wharfmq.store.ErrorCodes.MESSAGE_NOT_INFLIGHT;
import static org.wharfmq.store.ErrorCodes.PURGE_QUEUE_IN_PROGRESS;
import static org.wharfmq.store.ErrorCodes.QUEUE_ALREADY_EXISTS;
import static org.wharfmq.store.ErrorCodes.QUEUE_DELETED_RECENTLY;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.RedrivePolicy;

/**
 * The queue model as plainly as it can be written: lists scanned on every call, state derived
 * from times. It shares the input checks (names, attribute ranges, message rules) with the store
 * and is the yardstick for the store's behaviour. Long polls return at once.
 */
public final class ReferenceQueueService implements QueueService {

    private static final class Queue {
        final String name;
        QueueConfig config;
        final long createdAt;
        long modifiedAt;
        long lastPurge = Long.MIN_VALUE;
        final List<Message> messages = new ArrayList<>();
        final Map<String, long[]> dedup = new HashMap<>();
        final Map<String, Attempt> attempts = new HashMap<>();

        Queue(String name, QueueConfig config, long now) {
            this.name = name;
            this.config = config;
            this.createdAt = now;
            this.modifiedAt = now;
        }
    }

    private static final class Message {
        final String id;
        final SendMessageRequest request;
        final long sentAt;
        long seq;
        long visibleAt;
        int count;
        /** Grows with every receive and with a move to the DLQ: a handle of an older generation is stale. */
        int generation;
        long firstReceive;

        Message(String id, SendMessageRequest request, long sentAt, long seq, long visibleAt) {
            this.id = id;
            this.request = request;
            this.sentAt = sentAt;
            this.seq = seq;
            this.visibleAt = visibleAt;
        }
    }

    private record Handle(Message message, int generation) {
    }

    private record Attempt(long at, List<Message> messages, List<Integer> counts, List<Long> visibleAts) {
    }

    private final Clock clock;
    private final Map<String, Queue> queues = new TreeMap<>();
    private final Map<String, Long> deletedAt = new HashMap<>();
    /** Every handle given out, with the message and the generation it named. */
    private final Map<String, Handle> byHandle = new HashMap<>();
    private long seq;

    public ReferenceQueueService(Clock clock) {
        this.clock = clock;
    }

    private long now() {
        return clock.millis();
    }

    private Queue queue(String url) {
        Queue q = queues.get(Names.nameOfUrl(url));
        if (q == null) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, url);
        }
        expire(q);
        return q;
    }

    private void expire(Queue q) {
        long cutoff = now() - q.config.messageRetentionPeriod() * 1000L;
        q.messages.removeIf(m -> m.sentAt <= cutoff);
    }

    private boolean inFlight(Message m) {
        return m.count > 0 && m.visibleAt > now();
    }

    @Override
    public String createQueue(String name, Map<String, String> attributes) {
        boolean fifo = Names.checkQueueName(name);
        QueueConfig config = QueueConfig.defaults(fifo, QueueConfig.DEFAULT_DEDUPLICATION_WINDOW).with(attributes);
        Queue existing = queues.get(name);
        if (existing != null) {
            if (!existing.config.with(attributes).equals(existing.config)) {
                throw new QueueServiceException(QUEUE_ALREADY_EXISTS, name);
            }
            return Names.url(name);
        }
        Long deleted = deletedAt.get(name);
        if (deleted != null && now() - deleted < 60_000) {
            throw new QueueServiceException(QUEUE_DELETED_RECENTLY, name);
        }
        checkRedrive(name, config);
        queues.put(name, new Queue(name, config, now()));
        return Names.url(name);
    }

    private void checkRedrive(String name, QueueConfig config) {
        if (config.redrivePolicy() == null) {
            return;
        }
        String dlq = config.redrivePolicy().deadLetterQueue();
        if (dlq.equals(name)) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, name);
        }
        Queue d = queues.get(dlq);
        if (d == null) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, dlq);
        }
        if (d.config.fifo() != config.fifo()) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, dlq);
        }
    }

    @Override
    public void deleteQueue(String url) {
        Queue q = queue(url);
        queues.remove(q.name);
        deletedAt.put(q.name, now());
    }

    @Override
    public String getQueueUrl(String name) {
        Names.checkQueueName(name);
        if (!queues.containsKey(name)) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, name);
        }
        return Names.url(name);
    }

    @Override
    public List<String> listQueues(String prefix) {
        return queues.keySet().stream().filter(n -> prefix == null || n.startsWith(prefix)).map(Names::url).toList();
    }

    @Override
    public void purgeQueue(String url) {
        Queue q = queue(url);
        if (q.lastPurge != Long.MIN_VALUE && now() - q.lastPurge < 60_000) {
            throw new QueueServiceException(PURGE_QUEUE_IN_PROGRESS, q.name);
        }
        q.lastPurge = now();
        q.messages.clear();
        q.attempts.clear();
    }

    @Override
    public Map<String, String> getQueueAttributes(String url, Collection<String> names) {
        Queue q = queue(url);
        Map<String, String> a = new LinkedHashMap<>(q.config.toAttributes());
        long now = now();
        a.put("ApproximateNumberOfMessages", Long.toString(q.messages.stream().filter(m -> m.visibleAt <= now).count()));
        a.put("ApproximateNumberOfMessagesNotVisible", Long.toString(q.messages.stream().filter(this::inFlight).count()));
        a.put("ApproximateNumberOfMessagesDelayed",
                Long.toString(q.messages.stream().filter(m -> m.count == 0 && m.visibleAt > now).count()));
        a.put("CreatedTimestamp", Long.toString(q.createdAt / 1000));
        a.put("LastModifiedTimestamp", Long.toString(q.modifiedAt / 1000));
        a.put("QueueArn", Names.arn(q.name));
        return a;
    }

    @Override
    public void setQueueAttributes(String url, Map<String, String> attributes) {
        Queue q = queue(url);
        QueueConfig c = q.config.with(attributes);
        checkRedrive(q.name, c);
        q.config = c;
        q.modifiedAt = now();
        expire(q);
    }

    @Override
    public SendResult sendMessage(SendMessageRequest r) {
        return send(queue(r.queueUrl()), r);
    }

    private SendResult send(Queue q, SendMessageRequest r) {
        int size = MessageRules.checkBody(r.messageBody()) + MessageRules.checkAttributes(r.messageAttributes());
        if (size > q.config.maximumMessageSize()) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "size " + size);
        }
        if (r.delaySeconds() != null && (r.delaySeconds() < 0 || r.delaySeconds() > 900)) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "delay");
        }
        String key = null;
        if (q.config.fifo()) {
            if (r.delaySeconds() != null && r.delaySeconds() > 0) {
                throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "fifo delay");
            }
            if (r.messageGroupId() == null) {
                throw new QueueServiceException(ErrorCodes.MISSING_PARAMETER, "group");
            }
            MessageRules.checkFifoId("MessageGroupId", r.messageGroupId());
            if (r.messageDeduplicationId() != null) {
                MessageRules.checkFifoId("MessageDeduplicationId", r.messageDeduplicationId());
                key = r.messageDeduplicationId();
            } else if (q.config.contentBasedDeduplication()) {
                key = hex("SHA-256", r.messageBody());
            } else {
                throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "no dedup id");
            }
            if (q.config.deduplicationScope().equals("messageGroup")) {
                key = r.messageGroupId() + '\u0000' + key;
            }
            long[] earlier = q.dedup.get(key);
            if (earlier != null && now() < earlier[2] + q.config.deduplicationWindow() * 1000L) {
                return new SendResult(null, idOf(earlier[0]), md5(r.messageBody()), String.format("%020d", earlier[1]));
            }
        } else if (r.messageGroupId() != null || r.messageDeduplicationId() != null) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "fifo fields");
        }
        long s = ++seq;
        int delay = r.delaySeconds() != null ? r.delaySeconds() : q.config.delaySeconds();
        Message m = new Message(idOf(s), r, now(), s, now() + delay * 1000L);
        q.messages.add(m);
        if (key != null) {
            q.dedup.put(key, new long[] {s, s, now()});
        }
        return new SendResult(null, m.id, md5(r.messageBody()), q.config.fifo() ? String.format("%020d", s) : null);
    }

    private static String idOf(long n) {
        return new UUID(0, n).toString();
    }

    @Override
    public BatchResult<SendResult> sendMessageBatch(String url, List<SendBatchEntry> entries) {
        MessageRules.checkBatchIds(entries == null ? null : entries.stream().map(SendBatchEntry::id).toList());
        Queue q = queue(url);
        long total = entries.stream().mapToLong(e -> MessageRules.sizeOf(e.messageBody(), e.messageAttributes())).sum();
        if (total > q.config.maximumMessageSize()) {
            throw new QueueServiceException(ErrorCodes.BATCH_REQUEST_TOO_LONG, "total " + total);
        }
        List<SendResult> ok = new ArrayList<>();
        List<BatchResultErrorEntry> failed = new ArrayList<>();
        for (SendBatchEntry e : entries) {
            try {
                SendResult r = send(q, e.toRequest(url));
                ok.add(new SendResult(e.id(), r.messageId(), r.md5OfMessageBody(), r.sequenceNumber()));
            } catch (QueueServiceException ex) {
                failed.add(new BatchResultErrorEntry(e.id(), ex.code(), ex.detail(), ex.senderFault()));
            }
        }
        return new BatchResult<>(ok, failed);
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest r) {
        if (!Ranges.BATCH.contains(r.maxNumberOfMessages())
                || r.visibilityTimeout() != null && !Ranges.VISIBILITY_TIMEOUT.contains(r.visibilityTimeout())
                || r.waitTimeSeconds() != null && !Ranges.WAIT_TIME_SECONDS.contains(r.waitTimeSeconds())) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "receive parameters");
        }
        Queue q = queue(r.queueUrl());
        String attemptId = q.config.fifo() ? r.receiveRequestAttemptId() : null;
        if (attemptId != null) {
            MessageRules.checkFifoId("ReceiveRequestAttemptId", attemptId);
            q.attempts.values().removeIf(a -> now() - a.at >= 300_000);
            Attempt a = q.attempts.get(attemptId);
            if (a != null && repeatable(q, a)) {
                List<ReceivedMessage> again = new ArrayList<>();
                for (Message m : a.messages) {
                    again.add(view(q, m));
                }
                return again;
            }
        }
        int vt = r.visibilityTimeout() != null ? r.visibilityTimeout() : q.config.visibilityTimeout();
        long inflight = q.messages.stream().filter(this::inFlight).count();
        int limit = q.config.fifo() ? 20_000 : 120_000;
        if (inflight >= limit) {
            if (q.config.fifo()) {
                return List.of();
            }
            throw new QueueServiceException(ErrorCodes.OVER_LIMIT, q.name);
        }
        int max = (int) Math.min(r.maxNumberOfMessages(), limit - inflight);
        List<Message> taken = q.config.fifo() ? takeFifo(q, max, vt) : takeStandard(q, max, vt);
        List<ReceivedMessage> out = new ArrayList<>();
        for (Message m : taken) {
            out.add(view(q, m));
        }
        if (attemptId != null && !taken.isEmpty()) {
            q.attempts.put(attemptId, new Attempt(now(), taken, taken.stream().map(m -> m.count).toList(),
                    taken.stream().map(m -> m.visibleAt).toList()));
        }
        return out;
    }

    private boolean repeatable(Queue q, Attempt a) {
        for (int i = 0; i < a.messages.size(); i++) {
            Message m = a.messages.get(i);
            if (!q.messages.contains(m) || !inFlight(m) || m.count != a.counts.get(i)
                    || m.visibleAt != a.visibleAts.get(i)) {
                return false;
            }
        }
        return true;
    }

    private List<Message> takeStandard(Queue q, int max, int vt) {
        List<Message> visible = q.messages.stream().filter(m -> m.visibleAt <= now())
                .sorted(Comparator.comparingLong(m -> m.seq)).toList();
        List<Message> taken = new ArrayList<>();
        for (Message m : visible) {
            if (taken.size() == max) {
                break;
            }
            if (!redrive(q, m)) {
                deliver(m, vt);
                taken.add(m);
            }
        }
        return taken;
    }

    private List<Message> takeFifo(Queue q, int max, int vt) {
        Map<String, List<Message>> groups = new LinkedHashMap<>();
        q.messages.stream().sorted(Comparator.comparingLong(m -> m.seq))
                .forEach(m -> groups.computeIfAbsent(m.request.messageGroupId(), g -> new ArrayList<>()).add(m));
        List<List<Message>> ready = groups.values().stream()
                .filter(g -> g.stream().noneMatch(this::inFlight) && g.get(0).visibleAt <= now())
                .sorted(Comparator.comparingLong(g -> g.get(0).seq)).toList();
        List<Message> taken = new ArrayList<>();
        for (List<Message> group : ready) {
            for (Message m : group) {
                if (taken.size() == max || m.visibleAt > now()) {
                    break;
                }
                if (!redrive(q, m)) {
                    deliver(m, vt);
                    taken.add(m);
                }
            }
        }
        return taken;
    }

    /** Moves a message that reached maxReceiveCount to the dead-letter queue; true if it moved. */
    private boolean redrive(Queue q, Message m) {
        RedrivePolicy p = q.config.redrivePolicy();
        if (p == null || m.count < p.maxReceiveCount()) {
            return false;
        }
        Queue dlq = queues.get(p.deadLetterQueue());
        if (dlq == null || dlq.config.fifo() != q.config.fifo()) {
            return false;
        }
        q.messages.remove(m);
        m.seq = ++seq;
        m.count = 0;
        m.generation++;
        m.firstReceive = 0;
        m.visibleAt = now();
        dlq.messages.add(m);
        return true;
    }

    private void deliver(Message m, int vt) {
        m.count++;
        m.generation++;
        if (m.firstReceive == 0) {
            m.firstReceive = now();
        }
        m.visibleAt = now() + vt * 1000L;
    }

    private ReceivedMessage view(Queue q, Message m) {
        String handle = UUID.randomUUID().toString();
        byHandle.put(handle, new Handle(m, m.generation));
        SendMessageRequest r = m.request;
        boolean fifo = q.config.fifo();
        return new ReceivedMessage(m.id, handle, r.messageBody(), md5(r.messageBody()), m.sentAt, m.count,
                m.firstReceive, fifo ? r.messageGroupId() : null, fifo ? r.messageDeduplicationId() : null,
                fifo ? String.format("%020d", m.seq) : null, 4, 0, r.messageAttributes());
    }

    /** The message a handle currently names in {@code q}, or an error. */
    private Message current(Queue q, String handle, boolean visibilityChange) {
        Handle h = byHandle.get(handle);
        Message m = h == null ? null : h.message();
        if (m == null || !q.messages.contains(m) || h.generation() != m.generation) {
            throw new QueueServiceException(RECEIPT_HANDLE_IS_INVALID, String.valueOf(handle));
        }
        if (!inFlight(m)) {
            throw new QueueServiceException(visibilityChange ? MESSAGE_NOT_INFLIGHT : RECEIPT_HANDLE_IS_INVALID, handle);
        }
        return m;
    }

    @Override
    public void deleteMessage(String url, String handle) {
        Queue q = queue(url);
        q.messages.remove(current(q, handle, false));
    }

    @Override
    public BatchResult<String> deleteMessageBatch(String url, List<BatchEntry<String>> entries) {
        return eachEntry(entries, handle -> deleteMessage(url, handle));
    }

    @Override
    public void changeMessageVisibility(String url, String handle, int seconds) {
        if (!Ranges.VISIBILITY_TIMEOUT.contains(seconds)) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "timeout " + seconds);
        }
        Queue q = queue(url);
        current(q, handle, true).visibleAt = now() + seconds * 1000L;
    }

    @Override
    public BatchResult<String> changeMessageVisibilityBatch(String url, List<BatchEntry<VisibilityChange>> entries) {
        return eachEntry(entries,
                v -> changeMessageVisibility(url, v.receiptHandle(), v.visibilityTimeoutSeconds()));
    }

    /** Applies {@code action} to each entry's value on its own; a queue that does not exist fails the batch. */
    private static <T> BatchResult<String> eachEntry(List<BatchEntry<T>> entries, Consumer<T> action) {
        MessageRules.checkBatchIds(entries == null ? null : entries.stream().map(BatchEntry::id).toList());
        List<String> ok = new ArrayList<>();
        List<BatchResultErrorEntry> failed = new ArrayList<>();
        for (BatchEntry<T> e : entries) {
            try {
                action.accept(e.value());
                ok.add(e.id());
            } catch (QueueServiceException ex) {
                if (ex.code().equals(QUEUE_DOES_NOT_EXIST)) {
                    throw ex;
                }
                failed.add(new BatchResultErrorEntry(e.id(), ex.code(), ex.detail(), ex.senderFault()));
            }
        }
        return new BatchResult<>(ok, failed);
    }

    @Override
    public void close() {
    }

    private static String md5(String body) {
        return hex("MD5", body);
    }

    private static String hex(String algorithm, String body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm)
                    .digest(body.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
