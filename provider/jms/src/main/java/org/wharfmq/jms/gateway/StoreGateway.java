package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import org.wharfmq.jms.management.StoreMBeans;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.selector.Selector;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageView;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.model.MessageRules;

/**
 * The one door from the JMS objects to a store backend, one per open store URL in this JVM. It
 * speaks JMS-level verbs (send, fetch, acknowledge, release, browse, subscribe, begin, xa), owns
 * queue-URL resolution (the backend's answer, cached per name), the capability checks with their
 * fallbacks ({@code docs/mapping.md}), the message encoding the backend's {@link Limits} allow,
 * and the one translation of store errors ({@link Errors}). It registers the store's JMX view
 * ({@link StoreMBeans}) and tells it of the queues it creates and deletes.
 */
public final class StoreGateway {
    private final String url;
    private final QueueService service;
    private final Topics topics;
    private final Browsing browsing;
    private final MessageOptions options;
    private final Transactions transactions;
    private final XaTransactions xaTransactions;
    private final QueueStatistics statistics;
    private final Receiving receiving;
    private final Encoding encoding;
    private final Redeliveries redeliveries;
    /** Queue name to the URL the backend gave for it: the queues known to exist. */
    private final Map<String, String> queueUrls = new ConcurrentHashMap<>();
    private final Map<String, Boolean> knownTopics = new ConcurrentHashMap<>();
    private final StoreMBeans mbeans;

    private StoreGateway(String url, QueueService service, MessageCodec.AddressResolver addresses) {
        this.url = url;
        this.service = service;
        this.topics = service.extension(Topics.class).orElse(null);
        this.browsing = service.extension(Browsing.class).orElse(null);
        this.options = service.extension(MessageOptions.class).orElse(null);
        this.transactions = service.extension(Transactions.class).orElse(null);
        this.xaTransactions = service.extension(XaTransactions.class).orElse(null);
        this.encoding = new Encoding(service.limits(), options != null, addresses);
        this.receiving = new Receiving(service, service.extension(FilteredReceive.class).orElse(null));
        this.redeliveries = new Redeliveries(service);
        this.statistics = service.extension(QueueStatistics.class).orElse(null);
        this.mbeans = StoreMBeans.register(this);
    }

    /** Opens the store at {@code storeUrl}; {@link OpenStores} shares it between its users. */
    static StoreGateway open(String storeUrl, MessageCodec.AddressResolver addresses) throws JMSException {
        QueueService service = Errors.call(() -> QueueServices.open(storeUrl));
        return new StoreGateway(storeUrl, service, addresses);
    }

    /** Closes the store; only {@link OpenStores} calls it. */
    void shut() {
        mbeans.unregister();
        service.close();
    }

    /**
     * The open store at {@code storeUrl}, opening it on first use, held open for {@code holder} (a
     * connection factory) until {@link #release}; {@code addresses} turns a JMSReplyTo address back
     * into a destination.
     */
    public static StoreGateway hold(String storeUrl, MessageCodec.AddressResolver addresses, Object holder)
            throws JMSException {
        return OpenStores.acquire(storeUrl, addresses, holder, false);
    }

    /**
     * As {@link #hold}, for {@code worker} (a connection): at JVM exit the last-resort hook waits a
     * few seconds for it to close, then closes it, before it closes the store.
     */
    public static StoreGateway attach(String storeUrl, MessageCodec.AddressResolver addresses, AutoCloseable worker)
            throws JMSException {
        return OpenStores.acquire(storeUrl, addresses, worker, true);
    }

    /**
     * As {@link #hold}, for {@code lease} (a resource adapter's): when the last lease on the store is
     * released, the store closes whatever other users it has.
     */
    public static StoreGateway lease(String storeUrl, MessageCodec.AddressResolver addresses, Object lease)
            throws JMSException {
        return OpenStores.acquireLease(storeUrl, addresses, lease);
    }

    /** {@code user} no longer uses this store; the last user closes it. Releasing twice does nothing. */
    public void release(Object user) {
        OpenStores.release(this, user);
    }

    /** True if the store at {@code storeUrl} is open in this JVM. */
    public static boolean isOpen(String storeUrl) {
        return OpenStores.isOpen(storeUrl);
    }

    /** True until this store is closed (by its last user, or by {@link #close(String)}). */
    public boolean isOpen() {
        return OpenStores.isCurrent(this);
    }

    /**
     * Closes the store at {@code storeUrl} now if it is open, whatever its users (a resource adapter
     * or a test restarting it); its connections fail afterwards, and the next use opens it again.
     */
    public static void close(String storeUrl) {
        OpenStores.close(storeUrl);
    }

    /** The store URL. */
    public String url() {
        return url;
    }

    // ---- capabilities ----

    /** The optional capabilities the backend offers, by name (Topics, Browsing, FilteredReceive, ...). */
    public java.util.Set<String> capabilities() {
        java.util.Set<String> names = new java.util.TreeSet<>();
        if (topics != null) {
            names.add("Topics");
        }
        if (browsing != null) {
            names.add("Browsing");
        }
        if (receiving.filtered()) {
            names.add("FilteredReceive");
        }
        if (options != null) {
            names.add("MessageOptions");
        }
        if (transactions != null) {
            names.add("Transactions");
        }
        if (xaTransactions != null) {
            names.add("XaTransactions");
        }
        if (statistics != null) {
            names.add("QueueStatistics");
        }
        return names;
    }

    /** Fails unless the backend offers local transactions, which {@code what} needs. */
    public void requireTransactions(String what) throws JMSException {
        require(transactions, "Transactions", what);
    }

    /** Fails unless the backend offers XA transactions, which {@code what} needs. */
    public void requireXa(String what) throws JMSException {
        require(xaTransactions, "XaTransactions", what);
    }

    private void requireTopics(String what) throws JMSException {
        require(topics, "Topics", what);
    }

    /** The backend's {@code capability}, or a failure naming it and {@code what} needs it. */
    <T> T require(Class<T> capability, String what) throws JMSException {
        T c = service.extension(capability).orElse(null);
        require(c, capability.getSimpleName(), what);
        return c;
    }

    private void require(Object capability, String name, String what) throws JMSException {
        if (capability == null) {
            throw new JMSException("the store " + QueueServices.redact(url) + " (backend "
                    + service.getClass().getSimpleName()
                    + ") does not offer " + name + ", which " + what + " needs", "UnsupportedOperation");
        }
    }

    // ---- queues and topics ----

    /**
     * The URL of queue {@code q}, declared with its attributes on first use: created if it does not
     * exist, else those attributes that differ are set (see {@link Declarations}). A RedrivePolicy must
     * name an existing dead-letter queue or one declared beside {@code q}, which is then created
     * first; if declaring {@code q} still fails, that dead-letter queue is deleted again, so a failed
     * creation leaves nothing behind.
     */
    public String queue(QueueSpec q) throws JMSException {
        return queue(q, true);
    }

    /**
     * As {@link #queue(QueueSpec)}; with {@code mayChange} false, an existing queue whose attributes
     * differ from {@code q}'s is left as it is and this fails with a JMSSecurityException.
     */
    public String queue(QueueSpec q, boolean mayChange) throws JMSException {
        String known = queueUrls.get(q.name());
        if (known != null) {
            return known;
        }
        try {
            org.wharfmq.store.model.Names.checkQueueName(q.name());
        } catch (QueueServiceException e) {
            throw Errors.linked(new InvalidDestinationException(e.getMessage(), e.code()), e);
        }
        String created;
        try {
            created = Declarations.declare(service, q.name(), q.attributes(), mayChange).queueUrl();
        } catch (QueueServiceException e) {
            String dlq = QueueSpec.deadLetterName(q.attributes());
            if (e.code().equals(ErrorCodes.QUEUE_DOES_NOT_EXIST) && dlq != null && !dlq.equals(q.name())) {
                if (q.deadLetter() == null || !q.deadLetter().name().equals(dlq)) {
                    throw Errors.linked(new InvalidDestinationException("queue " + q.name()
                            + " cannot be declared: its RedrivePolicy names dead-letter queue " + dlq
                            + ", which does not exist; create it first, or declare it in the same JNDI environment",
                            e.code()), e);
                }
                return withNewDeadLetterQueue(q, mayChange);
            }
            throw Errors.of(e);
        }
        queueUrls.put(q.name(), created);
        mbeans.queueAdded(q.name());
        return created;
    }

    private String withNewDeadLetterQueue(QueueSpec q, boolean mayChange) throws JMSException {
        String dlqUrl = queue(q.deadLetter(), mayChange);
        try {
            return queue(q, mayChange);
        } catch (JMSException e) {
            forgetQueue(q.deadLetter().name());
            try {
                service.deleteQueue(dlqUrl);
            } catch (QueueServiceException gone) {
                e.addSuppressed(gone);
            }
            throw e;
        }
    }

    /** The URL of an existing queue, as the backend names it. */
    public String existingQueue(String name) throws JMSException {
        String known = queueUrls.get(name);
        return known != null ? known : Errors.call(() -> service.getQueueUrl(name));
    }

    /** Creates topic {@code name} if this gateway has not seen it yet. */
    public void topic(String name) throws JMSException {
        requireTopics("topic " + name);
        if (knownTopics.putIfAbsent(name, Boolean.TRUE) == null) {
            try {
                topics.createTopic(name);
            } catch (QueueServiceException e) {
                knownTopics.remove(name);
                throw e.code().equals(ErrorCodes.INVALID_PARAMETER_VALUE)
                        ? Errors.linked(new InvalidDestinationException(e.getMessage(), e.code()), e)
                        : Errors.of(e);
            }
        }
    }

    /** Deletes a queue or topic if it exists (a temporary destination going away). */
    public void deleteQuietly(boolean queue, String name) {
        try {
            if (queue) {
                String u = queueUrls.remove(name);
                mbeans.queueRemoved(name);
                service.deleteQueue(u != null ? u : service.getQueueUrl(name));
            } else if (topics != null) {
                knownTopics.remove(name);
                topics.deleteTopic(name);
            }
        } catch (QueueServiceException e) {
            // Gone already.
        }
    }

    /** {@code url} as it may be printed: secrets and passwords hidden. */
    public static String printable(String url) {
        return QueueServices.redact(url);
    }

    /** Administration by queue name; see {@link Admin}. */
    public Admin admin() {
        return new Admin(this, service);
    }

    void forgetQueue(String name) {
        String u = queueUrls.remove(name);
        if (u != null) {
            redeliveries.forget(u);
        }
        mbeans.queueRemoved(name);
    }

    /** The queue's attributes changed: its RedeliveryPolicy is read again when next needed. */
    void attributesChanged(String queueUrl) {
        redeliveries.forget(queueUrl);
    }

    /** A queue made by administration, which the JMX view shows from now on. */
    void noticeQueue(String name) {
        mbeans.queueAdded(name);
    }

    // ---- send ----

    /** How one message is sent: JMS priority, absolute expiration (0: never), delay in ms, durability. */
    public record SendOptions(int priority, long expiration, long delayMillis, boolean persistent) {
    }

    /**
     * Sends {@code m} to queue {@code q} (created if new), in
     * {@code unit} if not null; returns the MessageId. {@code groupId} and {@code deduplicationId}
     * are for FIFO queues.
     */
    public String send(QueueSpec q, WharfMessage m, String groupId,
                       String deduplicationId, SendOptions o, Unit unit) throws JMSException {
        String queueUrl = queue(q);
        boolean fifo = q.name().endsWith(".fifo");
        Encoding.Request r = encoding.request(m, o);
        SendMessageRequest request = new SendMessageRequest(queueUrl, r.body(), r.delaySeconds(), r.attributes(),
                fifo ? groupId : null, fifo ? deduplicationId : null);
        SendResult result;
        try {
            if (unit != null) {
                result = unit.tx.sendMessage(request, r.options());
            } else if (options != null) {
                result = options.sendMessage(request, r.options());
            } else {
                result = service.sendMessage(request);
            }
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
        return result.messageId();
    }

    /**
     * True if sends to a queue outside a unit can go out together through {@link #sendBatch}: the
     * backend has no MessageOptions, whose sends have no batch form.
     */
    public boolean batchesSends() {
        return options == null;
    }

    /** One message of {@link #sendBatch}, with what {@link #send} takes for it. */
    public record Outgoing(WharfMessage message, String groupId, String deduplicationId, SendOptions options) {
    }

    /** The outcome of one message of {@link #sendBatch}: its MessageId, or why it was not sent. */
    public record Sent(String messageId, JMSException failure) {
    }

    /**
     * Sends {@code batch} to queue {@code q} (created if new) outside any
     * unit, in order, with SendMessageBatch requests of at most 10 messages whose sizes together stay
     * within the backend's message limit; returns each message's own outcome, in the batch's order.
     */
    public List<Sent> sendBatch(QueueSpec q, List<Outgoing> batch) throws JMSException {
        String queueUrl = queue(q);
        boolean fifo = q.name().endsWith(".fifo");
        Sent[] sent = new Sent[batch.size()];
        List<SendBatchEntry> entries = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < batch.size(); i++) {
            Outgoing o = batch.get(i);
            Encoding.Request r;
            try {
                r = encoding.request(o.message(), o.options());
            } catch (JMSException e) {
                sent[i] = new Sent(null, e);
                continue;
            }
            long size = Encoding.size(r);
            if (!entries.isEmpty() && (entries.size() == MessageRules.MAX_BATCH
                    || bytes + size > service.limits().maxMessageBytes())) {
                sendEntries(queueUrl, entries, sent);
                entries.clear();
                bytes = 0;
            }
            entries.add(new SendBatchEntry(Integer.toString(i), r.body(), r.delaySeconds(), r.attributes(),
                    fifo ? o.groupId() : null, fifo ? o.deduplicationId() : null));
            bytes += size;
        }
        if (!entries.isEmpty()) {
            sendEntries(queueUrl, entries, sent);
        }
        return List.of(sent);
    }

    /**
     * Sends {@code entries}, whose ids are indexes into {@code sent}, and records each outcome there.
     * A batch over the queue's own MaximumMessageSize goes again one message at a time.
     */
    private void sendEntries(String queueUrl, List<SendBatchEntry> entries, Sent[] sent) {
        try {
            if (entries.size() == 1) {
                SendBatchEntry e = entries.get(0);
                sent[Integer.parseInt(e.id())] = new Sent(service.sendMessage(e.toRequest(queueUrl)).messageId(), null);
                return;
            }
            BatchResult<SendResult> result;
            try {
                result = service.sendMessageBatch(queueUrl, entries);
            } catch (QueueServiceException e) {
                if (!e.code().equals(ErrorCodes.BATCH_REQUEST_TOO_LONG)) {
                    throw e;
                }
                entries.forEach(entry -> sendEntries(queueUrl, List.of(entry), sent));
                return;
            }
            for (SendResult r : result.successful()) {
                sent[Integer.parseInt(r.id())] = new Sent(r.messageId(), null);
            }
            for (BatchResultErrorEntry f : result.failed()) {
                sent[Integer.parseInt(f.id())] = new Sent(null,
                        Errors.of(new QueueServiceException(f.code(), f.message(), f.senderFault(), null)));
            }
        } catch (QueueServiceException e) {
            for (SendBatchEntry entry : entries) {
                sent[Integer.parseInt(entry.id())] = new Sent(null, Errors.of(e));
            }
        }
    }

    /**
     * Publishes {@code m} to topic {@code name}, in {@code unit} if not null, to the subscriptions
     * whose tag {@code accept} takes for the message's selector values; returns the MessageId.
     */
    public String publish(String name, WharfMessage m, SendOptions o, Unit unit,
                          BiPredicate<String, Function<String, Object>> accept) throws JMSException {
        topic(name);
        Encoding.Request r = encoding.request(m, o);
        SendMessageRequest request = new SendMessageRequest(null, r.body(), r.delaySeconds(), r.attributes(), null,
                null);
        BiPredicate<String, MessageView> filter = (tag, view) -> accept.test(tag, encoding.selectorValues(view));
        try {
            SendResult result = unit != null ? unit.tx.publish(name, request, r.options(), filter)
                    : topics.publish(name, request, r.options(), filter);
            return result.messageId();
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
    }

    // ---- receive ----

    /** What a fetch asks for. A null selector takes every message; {@code visibility} null is the queue's. */
    public record Fetch(String queueUrl, Destination destination, Selector selector, int max, Integer visibility) {
    }

    /**
     * Up to {@code f.max()} messages, waiting up to {@code waitMillis} for the first; with
     * {@code consume} they are deleted as they are received (automatic acknowledgement). The wait
     * ends early, with nothing, once {@code cancelled} is true and {@link #wakeUp} was called.
     */
    public List<Delivery> fetch(Fetch f, long waitMillis, boolean consume, BooleanSupplier cancelled)
            throws JMSException {
        return fetch(f, waitMillis, consume, false, cancelled);
    }

    /**
     * As {@link #fetch(Fetch, long, boolean, BooleanSupplier)}; with {@code lease} (and not
     * {@code consume}) for a consumer that acknowledges or releases each message as soon as it is
     * handed out: the store need not make the receive, nor that acknowledgement, durable first.
     */
    public List<Delivery> fetch(Fetch f, long waitMillis, boolean consume, boolean lease, BooleanSupplier cancelled)
            throws JMSException {
        Predicate<MessageView> filter = f.selector() == null ? null
                : view -> f.selector().matches(encoding.selectorValues(view));
        List<ReceivedMessage> got;
        try {
            got = receiving.receive(f.queueUrl(), f.max(), f.visibility(), waitMillis, filter, consume, lease,
                    cancelled);
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
        List<Delivery> out = new java.util.ArrayList<>(got.size());
        for (ReceivedMessage rm : got) {
            out.add(new Delivery(f.queueUrl(), rm.receiptHandle(), encoding.decode(rm, f.destination()), consume,
                    rm.receiveCount()));
        }
        return out;
    }

    /** Wakes the fetches waiting on a queue so that they see their cancellation. */
    public void wakeUp(String queueUrl) {
        receiving.wakeUp(queueUrl);
    }

    /**
     * Deletes the delivered messages, in batches of up to 10 per queue (one DeleteMessage for a
     * lone message); reports those the store refused, by JMSMessageID.
     */
    public void acknowledge(List<Delivery> batch) throws JMSException {
        Map<String, List<Delivery>> byQueue = new LinkedHashMap<>();
        for (Delivery d : batch) {
            if (!d.consumed()) {
                byQueue.computeIfAbsent(d.queueUrl(), u -> new ArrayList<>()).add(d);
            }
        }
        List<String> failed = new ArrayList<>();
        QueueServiceException cause = null;
        for (List<Delivery> deliveries : byQueue.values()) {
            for (int from = 0; from < deliveries.size(); from += MessageRules.MAX_BATCH) {
                List<Delivery> chunk = deliveries.subList(from,
                        Math.min(deliveries.size(), from + MessageRules.MAX_BATCH));
                QueueServiceException refused = delete(chunk, failed);
                cause = refused != null ? refused : cause;
            }
        }
        if (cause != null) {
            throw Errors.acknowledgementFailed(failed, cause);
        }
    }

    /** Deletes {@code chunk}, one queue's and at most a batch; adds the refused to {@code failed}. */
    private QueueServiceException delete(List<Delivery> chunk, List<String> failed) {
        String queueUrl = chunk.get(0).queueUrl();
        try {
            if (chunk.size() == 1) {
                service.deleteMessage(queueUrl, chunk.get(0).receiptHandle());
                return null;
            }
            List<BatchEntry<String>> entries = new ArrayList<>(chunk.size());
            for (int i = 0; i < chunk.size(); i++) {
                entries.add(new BatchEntry<>(Integer.toString(i), chunk.get(i).receiptHandle()));
            }
            QueueServiceException cause = null;
            for (BatchResultErrorEntry f : service.deleteMessageBatch(queueUrl, entries).failed()) {
                failed.add(chunk.get(Integer.parseInt(f.id())).messageId());
                cause = new QueueServiceException(f.code(), f.message(), f.senderFault(), null);
            }
            return cause;
        } catch (QueueServiceException e) {
            chunk.forEach(d -> failed.add(d.messageId()));
            return e;
        }
    }

    /** Makes a delivered message visible again at once (a consumer closing, a message not handed out). */
    public void release(Delivery d) {
        if (d.consumed()) {
            return;
        }
        try {
            service.changeMessageVisibility(d.queueUrl(), d.receiptHandle(), 0);
        } catch (QueueServiceException e) {
            // Its visibility already ended: it is back in the queue anyway.
        }
    }

    /**
     * Gives back a message the application failed on (a rollback, a recover, a listener's
     * exception): visible again after {@link #redeliveryDelay}.
     */
    public void redeliver(Delivery d, Redelivery own) {
        if (d.consumed()) {
            return;
        }
        int seconds = redeliveryDelay(d, own);
        if (seconds == 0) {
            release(d);
            return;
        }
        try {
            service.changeMessageVisibility(d.queueUrl(), d.receiptHandle(), seconds);
        } catch (QueueServiceException e) {
            // Gone back already, or the server refused the delay: let it come back at once.
            release(d);
        }
    }

    /**
     * Seconds before {@code d}, given back now, is visible again: by the consumer's own backoff
     * {@code own} if not null, else by its queue's RedeliveryPolicy, else 0.
     */
    public int redeliveryDelay(Delivery d, Redelivery own) {
        return redeliveries.delaySeconds(d, own);
    }

    /** The visible messages of queue {@code q} that {@code selector} (null: all) takes, in delivery order. */
    public List<WharfMessage> browse(QueueSpec q, Selector selector, Destination destination) throws JMSException {
        require(browsing, "Browsing", "a QueueBrowser");
        String queueUrl = queue(q);
        List<ReceivedMessage> found;
        try {
            found = browsing.browse(queueUrl, selector == null ? null
                    : v -> selector.matches(encoding.selectorValues(v)), Integer.MAX_VALUE);
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
        List<WharfMessage> out = new java.util.ArrayList<>(found.size());
        for (ReceivedMessage rm : found) {
            out.add(encoding.decode(rm, destination));
        }
        return out;
    }

    /** Fails at once unless the backend can browse (a QueueBrowser is refused at creation). */
    public void requireBrowsing() throws JMSException {
        require(browsing, "Browsing", "a QueueBrowser");
    }

    // ---- subscriptions ----

    /** A topic subscription: its topic and the tag stored with it. */
    public record Subscription(String topic, String tag) {
    }

    /** Creates the subscription if it does not exist and returns its queue's URL. */
    public String subscribe(String topic, String subscription, boolean durable, String tag) throws JMSException {
        topic(topic);
        return Errors.call(() -> topics.subscribe(topic, subscription, durable, tag));
    }

    /** The topic that has subscription {@code name}, with its tag. */
    public Optional<Subscription> findSubscription(String name) throws JMSException {
        requireTopics("a subscription");
        return Errors.call(() -> {
            for (String t : topics.listTopics()) {
                Optional<Topics.Subscription> s = topics.subscription(t, name);
                if (s.isPresent()) {
                    return Optional.of(new Subscription(t, s.get().tag()));
                }
            }
            return Optional.empty();
        });
    }

    /** Removes a subscription with its messages. */
    public void unsubscribe(String topic, String subscription) throws JMSException {
        requireTopics("unsubscribe");
        Errors.call(() -> {
            topics.unsubscribe(topic, subscription);
            return null;
        });
    }

    /** Removes a subscription if it still exists (it may have gone with its topic). */
    public void unsubscribeQuietly(String topic, String subscription) {
        try {
            if (topics != null) {
                topics.unsubscribe(topic, subscription);
            }
        } catch (QueueServiceException e) {
            // Already removed with its topic.
        }
    }

    // ---- transactions ----

    /** A new local unit of work. */
    public Unit begin() throws JMSException {
        requireTransactions("a transacted session");
        return new Unit(transactions.begin());
    }

    /** A new XA resource. */
    public XaBranch xa() throws JMSException {
        requireXa("an XA session");
        return new XaBranch(xaTransactions.xaResource());
    }
}
