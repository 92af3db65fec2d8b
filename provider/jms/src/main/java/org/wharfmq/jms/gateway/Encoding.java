package org.wharfmq.jms.gateway;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Predicate;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.selector.Selector;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.ReceivedMessage;

/**
 * JMS messages as this backend can keep them. With {@link MessageOptions} priority, expiration and
 * millisecond delays travel as options; without it priority and expiration go into the codec's
 * marks and a delay is rounded up to whole seconds, at most the backend's maximum. Messages of
 * Wharf's earlier layout carry them as two attributes ({@value #PRIORITY}, {@value #EXPIRATION}),
 * still read here.
 */
final class Encoding {
    private static final String PRIORITY = "w.priority";
    private static final String EXPIRATION = "w.expiration";

    private final Limits limits;
    private final boolean messageOptions;
    private final MessageCodec.AddressResolver addresses;
    private final int codecAttributes;

    Encoding(Limits limits, boolean messageOptions, MessageCodec.AddressResolver addresses) {
        this.limits = limits;
        this.messageOptions = messageOptions;
        this.addresses = addresses;
        this.codecAttributes = limits.maxMessageAttributes();
    }

    /** A send's body, attributes, delay in seconds (null: the queue's) and store options. */
    record Request(String body, Map<String, MessageAttributeValue> attributes, Integer delaySeconds,
                   MessageOptions.Options options) {
    }

    Request request(WharfMessage m, SendOptions o) throws JMSException {
        if (o.delayMillis() > limits.maxDelayMillis()) {
            throw new JMSException("delivery delay " + o.delayMillis() + " ms is over the "
                    + limits.maxDelayMillis() + " ms this store allows");
        }
        if (messageOptions) {
            MessageCodec.Encoded e = MessageCodec.encode(m, codecAttributes,
                    new MessageCodec.Options(null, null, o.delayMillis() > 0));
            return new Request(e.body(), e.attributes(), null, new MessageOptions.Options(o.priority(),
                    o.expiration(), o.delayMillis() > 0 ? o.delayMillis() : -1, o.persistent()));
        }
        Integer delaySeconds = null;
        if (o.delayMillis() > 0) {
            long unit = limits.delayGranularityMillis();
            delaySeconds = (int) (((o.delayMillis() + unit - 1) / unit) * unit / 1000);
        }
        MessageCodec.Encoded e = MessageCodec.encode(m, codecAttributes, new MessageCodec.Options(
                o.priority() != Message.DEFAULT_PRIORITY ? o.priority() : null,
                o.expiration() != 0 ? o.expiration() : null, o.delayMillis() > 0));
        return new Request(e.body(), e.attributes(), delaySeconds, MessageOptions.Options.DEFAULT);
    }

    /** A request's size as SQS counts it against its limit: the body, and each attribute's name, type and value. */
    static long size(Request r) {
        long bytes = utf8(r.body());
        for (Map.Entry<String, MessageAttributeValue> a : r.attributes().entrySet()) {
            MessageAttributeValue v = a.getValue();
            bytes += utf8(a.getKey()) + utf8(v.dataType())
                    + (v.binaryValue() != null ? v.binaryValue().length : utf8(v.stringValue()));
        }
        return bytes;
    }

    private static long utf8(String s) {
        return s == null ? 0 : s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** The JMS message of a received one; priority and expiration come from attributes where options were not kept. */
    WharfMessage decode(ReceivedMessage rm, Destination destination) throws JMSException {
        return MessageCodec.decode(withOptions(rm), destination, addresses);
    }

    /** The filter of stored messages that takes those {@code selector} matches; null (all) for a null selector. */
    Predicate<MessageHeaders> filter(Selector selector) {
        return selector == null ? null : view -> selector.matches(selectorValues(view));
    }

    /** As {@link #filter(Selector)} for a publish: {@code accept} takes or refuses each subscription, by its tag. */
    BiPredicate<String, MessageHeaders> filter(BiPredicate<String, Function<String, Object>> accept) {
        return (tag, view) -> accept.test(tag, selectorValues(view));
    }

    /** The selector's view of a stored message. */
    Function<String, Object> selectorValues(MessageHeaders v) {
        if (messageOptions) {
            return MessageCodec.selectorValues(v);
        }
        MessageAttributeValue p = v.messageAttributes().get(PRIORITY);
        if (p == null) {
            return MessageCodec.selectorValues(v);
        }
        int priority = Integer.parseInt(p.stringValue());
        Function<String, Object> values = MessageCodec.selectorValues(v);
        return name -> name.equals("JMSPriority") ? priority : values.apply(name);
    }

    private ReceivedMessage withOptions(ReceivedMessage rm) {
        if (messageOptions) {
            return rm;
        }
        Map<String, MessageAttributeValue> a = rm.messageAttributes();
        MessageAttributeValue p = a.get(PRIORITY);
        MessageAttributeValue x = a.get(EXPIRATION);
        if (p == null && x == null) {
            return rm;
        }
        return new ReceivedMessage(rm.messageId(), rm.receiptHandle(), rm.body(), rm.md5OfBody(), rm.sentTimestamp(),
                rm.receiveCount(), rm.firstReceiveTimestamp(), rm.messageGroupId(), rm.messageDeduplicationId(),
                rm.sequenceNumber(), p == null ? rm.priority() : Integer.parseInt(p.stringValue()),
                x == null ? rm.expirationTime() : Long.parseLong(x.stringValue()), rm.messageAttributes());
    }
}
