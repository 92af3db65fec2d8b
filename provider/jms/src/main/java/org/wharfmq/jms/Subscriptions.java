package org.wharfmq.jms;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.function.Function;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.StoreGateway;
import org.wharfmq.jms.gateway.Subscribing;
import org.wharfmq.jms.selector.Selector;

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
        c.check(Permissions.Op.CONSUME, d);
        StoreGateway g = c.gateway;
        if (d.isQueue()) {
            return new Source(d, g.queues().queue(((WharfQueue) d).spec()), filter, null, null, null, false);
        }
        String owner = noLocal ? (durable && c.clientIdOrNull() != null ? c.clientIdOrNull() : c.id) : "";
        String tag = (filter == null ? "" : filter.expression()) + SEP + owner;
        if (name == null) {
            String sub = "C:" + c.id + ":" + java.util.UUID.randomUUID();
            return new Source(d, g.subscribing().subscribe(d.name(), sub, false, tag), null, d.name(), sub, null, true);
        }
        String clientId = c.clientIdOrNull();
        if (durable && !shared && clientId == null) {
            throw new IllegalStateException("an unshared durable subscription needs a client id; set one first");
        }
        String sub = (durable ? (shared ? "S:" : "D:") : "N:") + (clientId == null ? "" : clientId) + ":" + name;
        int active = c.registry.activeConsumers(sub);
        if (durable && !shared && active > 0) {
            throw new IllegalStateException("durable subscription " + name + " already has an active consumer");
        }
        // The topic is created by the subscribe below, after every check, so a refused one creates nothing.
        Optional<Subscribing.Subscription> existing = g.subscribing().findSubscription(sub);
        if (existing.isPresent()) {
            boolean same = existing.get().topic().equals(d.name()) && existing.get().tag().equals(tag);
            if (!same) {
                if (active > 0) {
                    throw new JMSException("subscription " + name + " is in use with another topic or selector");
                }
                g.subscribing().unsubscribe(existing.get().topic(), sub);
            }
        }
        return new Source(d, g.subscribing().subscribe(d.name(), sub, durable, tag), null, d.name(), sub, sub,
                !durable);
    }

    /** Session.unsubscribe: removes a durable subscription of this connection's client id. */
    static void unsubscribe(WharfConnection c, String name) throws JMSException {
        String clientId = c.clientIdOrNull() == null ? "" : c.clientIdOrNull();
        for (String prefix : new String[] {"D:", "S:"}) {
            String sub = prefix + clientId + ":" + name;
            Optional<Subscribing.Subscription> found = c.gateway.subscribing().findSubscription(sub);
            if (found.isPresent()) {
                if (c.registry.activeConsumers(sub) > 0) {
                    throw new IllegalStateException("durable subscription " + name + " has an active consumer");
                }
                c.permissions.check(c.user, Permissions.Op.CONSUME, "topic", found.get().topic());
                c.gateway.subscribing().unsubscribe(found.get().topic(), sub);
                return;
            }
        }
        throw new InvalidDestinationException("there is no durable subscription " + name
                + (clientId.isEmpty() ? "" : " for client id " + clientId));
    }

    /**
     * The publish filter of a connection: a subscription takes a message if its selector and
     * noLocal owner allow, judged on the message's selector values.
     */
    static BiPredicate<String, Function<String, Object>> publishFilter(WharfConnection c) {
        String connectionId = c.id;
        String clientId = c.clientIdOrNull();
        return (tag, values) -> {
            if (tag == null) {
                return true;
            }
            int sep = tag.indexOf(SEP);
            String owner = tag.substring(sep + 1);
            if (!owner.isEmpty() && (owner.equals(connectionId) || owner.equals(clientId))) {
                return false;
            }
            String expression = tag.substring(0, sep);
            return expression.isEmpty() || selector(expression).matches(values);
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
