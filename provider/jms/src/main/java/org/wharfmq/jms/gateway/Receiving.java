package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.selector.Selector;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.RedeliveryPolicy;

/**
 * Receives from one store: fetches messages as {@link Delivery}s (through {@link SelectiveReceive}),
 * keeps those held for listeners hidden while they are held ({@link VisibilityExtender}), settles
 * them (acknowledge, release, redeliver after the redelivery delay), and browses a queue.
 */
public final class Receiving {
    private final QueueService service;
    private final Capabilities capabilities;
    private final Queues queues;
    private final Encoding encoding;
    private final SelectiveReceive receive;
    private final Redeliveries redeliveries;
    private final VisibilityExtender extender;

    Receiving(QueueService service, Capabilities capabilities, Queues queues, Encoding encoding,
              Redeliveries redeliveries, VisibilityExtender extender) {
        this.service = service;
        this.capabilities = capabilities;
        this.queues = queues;
        this.encoding = encoding;
        this.receive = new SelectiveReceive(service, capabilities.filteredReceive);
        this.redeliveries = redeliveries;
        this.extender = extender;
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
        List<ReceivedMessage> got;
        try {
            got = receive.receive(f.queueUrl(), f.max(), f.visibility(), waitMillis, encoding.filter(f.selector()),
                    consume, lease, cancelled);
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
        List<Delivery> out = new ArrayList<>(got.size());
        for (ReceivedMessage rm : got) {
            out.add(new Delivery(f.queueUrl(), rm.receiptHandle(), encoding.decode(rm, f.destination()), consume,
                    rm.receiveCount()));
        }
        return out;
    }

    /**
     * Keeps {@code fetched} hidden from other consumers while {@code owner} holds them: their
     * visibility is extended to {@code visibility} seconds (null: their queue's VisibilityTimeout)
     * about every half of it, for at most {@code limitSeconds} from now, until they are settled here
     * or {@link #endExtension} is called.
     */
    public void extendVisibility(List<Delivery> fetched, Integer visibility, int limitSeconds, Object owner) {
        extender.hold(fetched, visibility, limitSeconds, owner);
    }

    /** Stops extending {@code d}'s visibility: its holder no longer holds it. */
    public void endExtension(Delivery d) {
        extender.end(d);
    }

    /** Stops extending the visibility of whatever {@code owner} holds. */
    public void endExtensions(Object owner) {
        extender.endAll(owner);
    }

    /** Wakes the fetches waiting on a queue so that they see their cancellation. */
    public void wakeUp(String queueUrl) {
        receive.wakeUp(queueUrl);
    }

    /**
     * True if listeners can share {@link StoreGateway#listenerThreads()}: the backend tells of
     * arrivals ({@link #watch}) and filters on its side (a filter in the client gives back what it
     * skips, which would be noticed as an arrival again).
     */
    public boolean notifiesArrivals() {
        return capabilities.arrivals != null && capabilities.filteredReceive != null;
    }

    /**
     * Calls {@code onArrival} whenever queue {@code queueUrl} may have a message for a fetch; it
     * runs on the thread that changed the queue, maybe under the store's lock, so it must only
     * note the fact. Returns what stops it. Only where {@link #notifiesArrivals()}.
     */
    public Runnable watch(String queueUrl, Runnable onArrival) throws JMSException {
        ArrivalNotification.Watch w = Errors.call(() -> capabilities.arrivals.watch(queueUrl, onArrival));
        return w::close;
    }

    /**
     * Deletes the delivered messages, in batches of up to 10 per queue (one DeleteMessage for a
     * lone message); reports those the store refused, by JMSMessageID.
     */
    public void acknowledge(List<Delivery> batch) throws JMSException {
        Map<String, List<Delivery>> byQueue = new LinkedHashMap<>();
        for (Delivery d : batch) {
            extender.end(d);
            if (!d.consumed()) {
                byQueue.computeIfAbsent(d.queueUrl(), u -> new ArrayList<>()).add(d);
            }
        }
        List<String> failed = new ArrayList<>();
        QueueServiceException cause = null;
        for (List<Delivery> deliveries : byQueue.values()) {
            for (int from = 0; from < deliveries.size(); from += Ranges.BATCH.max()) {
                List<Delivery> chunk = deliveries.subList(from,
                        Math.min(deliveries.size(), from + Ranges.BATCH.max()));
                QueueServiceException refused = delete(chunk, failed);
                cause = refused != null ? refused : cause;
            }
        }
        if (cause != null) {
            throw Errors.acknowledgementFailed(failed, cause);
        }
    }

    /**
     * Deletes {@code chunk}, one queue's and at most a batch; adds the refused to {@code failed}.
     * The error names the request, with the messages' JMSMessageIDs in place of their receipt handles.
     */
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
                Delivery d = chunk.get(Integer.parseInt(f.id()));
                failed.add(d.messageId());
                cause = new QueueServiceException(f.code(), "DeleteMessageBatch from " + queueUrl + " refused "
                        + d.messageId() + ": " + Errors.withMessageIds(f.message(), chunk), f.senderFault(), null);
            }
            return cause;
        } catch (QueueServiceException e) {
            chunk.forEach(d -> failed.add(d.messageId()));
            return new QueueServiceException(e.code(), Errors.withMessageIds(e.detail(), chunk), e.senderFault(), e);
        }
    }

    /** Makes a delivered message visible again at once (a consumer closing, a message not handed out). */
    public void release(Delivery d) {
        extender.end(d);
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
    public void redeliver(Delivery d, RedeliveryPolicy own) {
        extender.end(d);
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
    public int redeliveryDelay(Delivery d, RedeliveryPolicy own) {
        return redeliveries.delaySeconds(d, own);
    }

    /**
     * The first {@code max} visible messages of queue {@code q} that {@code selector} (null: all)
     * takes, in delivery order.
     */
    public List<WharfMessage> browse(QueueSpec q, Selector selector, Destination destination, int max)
            throws JMSException {
        capabilities.requireBrowsing();
        String queueUrl = queues.queue(q);
        List<ReceivedMessage> found;
        try {
            found = capabilities.browsing.browse(queueUrl, encoding.filter(selector), max);
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
        List<WharfMessage> out = new ArrayList<>(found.size());
        for (ReceivedMessage rm : found) {
            out.add(encoding.decode(rm, destination));
        }
        return out;
    }
}
