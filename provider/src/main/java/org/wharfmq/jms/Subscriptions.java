package org.wharfmq.jms;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.JMSException;
import org.wharfmq.jms.message.MessageCodec;
import org.wharfmq.jms.selector.Selector;
import org.wharfmq.store.MessageView;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.Topics;

/**
 * Where a consumer reads: a queue, or the store queue of a topic subscription. Topic subscriptions
 * carry their selector and noLocal owner in the store's subscription tag, so a publish stores a
 * message only for the subscriptions that will take it.
 */
final class Subscriptions {
    private static final Map<String, Selector> SELECTORS = new ConcurrentHashMap<>();
    private static final char SEP = '\u0001';

    private Subscriptions() {
    }

    /**
     * A consumer's source: its destination, the store queue it reads, its selector (null: all),
     * and the subscription key counted for active consumers (null for queues and private ones).
     */
    record Source(WharfDestination destination, String queueUrl, Selector selector, String topic,
                  String subscription, String activeKey, boolean removeWhenUnused) {
    }

    static Source source(WharfConnection c, WharfDestination d, String selectorText, boolean noLocal,
                         String name, boolean durable, boolean shared) throws JMSException {
        Selector selector = Selector.parse(selectorText);
        Selector filter = selector.matchesAll() ? null : selector;
        if (d.isTemporary() && !c.owns(d)) {
            throw new InvalidDestinationException("temporary destination " + d
                    + " belongs to another connection; only its own connection can consume from it");
        }
        if (d.isQueue()) {
            return new Source(d, c.store.ensureQueue(d.name(), ((WharfQueue) d).attributes()), filter, null, null, null, false);
        }
        c.store.ensureTopic(d.name());
        String owner = noLocal ? (durable && c.clientIdOrNull() != null ? c.clientIdOrNull() : c.id) : "";
        String tag = (filter == null ? "" : filter.expression()) + SEP + owner;
        Topics topics = c.store.topics;
        if (name == null) {
            String sub = "C:" + c.id + ":" + java.util.UUID.randomUUID();
            String url = JmsErrors.call(() -> topics.subscribe(d.name(), sub, false, tag));
            return new Source(d, url, null, d.name(), sub, null, true);
        }
        String clientId = c.clientIdOrNull();
        if (durable && !shared && clientId == null) {
            throw new IllegalStateException("an unshared durable subscription needs a client id; set one first");
        }
        String sub = (durable ? (shared ? "S:" : "D:") : "N:") + (clientId == null ? "" : clientId) + ":" + name;
        String key = c.store.url + "|" + sub;
        int active = c.store.activeConsumers(key);
        if (durable && !shared && active > 0) {
            throw new IllegalStateException("durable subscription " + name + " already has an active consumer");
        }
        Optional<String> existingTopic = topicOf(c, sub);
        if (existingTopic.isPresent()) {
            Topics.Subscription s = topics.subscription(existingTopic.get(), sub).orElseThrow();
            boolean same = existingTopic.get().equals(d.name()) && s.tag().equals(tag);
            if (!same) {
                if (active > 0) {
                    throw new JMSException("subscription " + name + " is in use with another topic or selector");
                }
                JmsErrors.call(() -> {
                    topics.unsubscribe(existingTopic.get(), sub);
                    return null;
                });
            }
        }
        String url = JmsErrors.call(() -> topics.subscribe(d.name(), sub, durable, tag));
        return new Source(d, url, null, d.name(), sub, key, !durable);
    }

    /** The topic that has subscription {@code sub}, if any. */
    static Optional<String> topicOf(WharfConnection c, String sub) {
        for (String t : c.store.topics.listTopics()) {
            if (c.store.topics.subscription(t, sub).isPresent()) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** Session.unsubscribe: removes a durable subscription of this connection's client id. */
    static void unsubscribe(WharfConnection c, String name) throws JMSException {
        String clientId = c.clientIdOrNull() == null ? "" : c.clientIdOrNull();
        for (String prefix : new String[] {"D:", "S:"}) {
            String sub = prefix + clientId + ":" + name;
            Optional<String> topic = topicOf(c, sub);
            if (topic.isPresent()) {
                if (c.store.activeConsumers(c.store.url + "|" + sub) > 0) {
                    throw new IllegalStateException("durable subscription " + name + " has an active consumer");
                }
                try {
                    c.store.topics.unsubscribe(topic.get(), sub);
                } catch (QueueServiceException e) {
                    throw JmsErrors.of(e);
                }
                return;
            }
        }
        throw new InvalidDestinationException("there is no durable subscription " + name
                + (clientId.isEmpty() ? "" : " for client id " + clientId));
    }

    /** The publish filter of a connection: a subscription takes a message if its selector and noLocal owner allow. */
    static BiPredicate<String, MessageView> publishFilter(WharfConnection c) {
        String connectionId = c.id;
        String clientId = c.clientIdOrNull();
        return (tag, view) -> {
            if (tag == null) {
                return true;
            }
            int sep = tag.indexOf(SEP);
            String owner = tag.substring(sep + 1);
            if (!owner.isEmpty() && (owner.equals(connectionId) || owner.equals(clientId))) {
                return false;
            }
            String expression = tag.substring(0, sep);
            return expression.isEmpty() || selector(expression).matches(MessageCodec.selectorValues(view));
        };
    }

    private static Selector selector(String expression) {
        return SELECTORS.computeIfAbsent(expression, e -> {
            try {
                return Selector.parse(e);
            } catch (InvalidSelectorException ex) {
                throw new java.lang.IllegalStateException("a stored selector no longer parses: " + e, ex);
            }
        });
    }
}
