package org.wharfmq.jms;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.JMSException;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;

/**
 * One open store shared by every connection to it in this JVM, with what JMS keeps per store:
 * client ids in use and queues known to exist. A store stays open until {@link #closeAll} (called
 * at JVM exit) or {@link #close(String)}.
 */
final class SharedStore {
    private static final Map<String, SharedStore> OPEN = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(SharedStore::closeAll, "wharf-store-shutdown"));
    }

    final String url;
    final QueueService service;
    final Topics topics;
    final FilteredReceive receiver;
    final Browsing browsing;
    final MessageOptions sender;
    final Transactions transactions;
    private final Set<String> knownQueues = ConcurrentHashMap.newKeySet();
    private final Set<String> knownTopics = ConcurrentHashMap.newKeySet();
    private final Set<String> clientIds = ConcurrentHashMap.newKeySet();
    /** Open consumers per subscription, for the spec's rules on changing or removing one in use. */
    private final Map<String, Integer> activeConsumers = new ConcurrentHashMap<>();

    private SharedStore(String url, QueueService service) throws JMSException {
        this.url = url;
        this.service = service;
        this.topics = require(service, Topics.class);
        this.receiver = require(service, FilteredReceive.class);
        this.browsing = require(service, Browsing.class);
        this.sender = require(service, MessageOptions.class);
        this.transactions = require(service, Transactions.class);
    }

    private static <T> T require(QueueService s, Class<T> type) throws JMSException {
        return s.extension(type).orElseThrow(() -> new JMSException("the store backend does not offer "
                + type.getSimpleName() + ", which JMS needs"));
    }

    /** The open store at {@code storeUrl}, opening it on first use. */
    static SharedStore of(String storeUrl) throws JMSException {
        SharedStore s = OPEN.get(storeUrl);
        if (s != null) {
            return s;
        }
        synchronized (OPEN) {
            s = OPEN.get(storeUrl);
            if (s == null) {
                QueueService service = JmsErrors.call(() -> QueueServices.open(storeUrl));
                s = new SharedStore(storeUrl, service);
                OPEN.put(storeUrl, s);
            }
            return s;
        }
    }

    /** Closes the store at {@code storeUrl} if it is open. */
    static void close(String storeUrl) {
        synchronized (OPEN) {
            SharedStore s = OPEN.remove(storeUrl);
            if (s != null) {
                s.service.close();
            }
        }
    }

    static void closeAll() {
        synchronized (OPEN) {
            OPEN.values().forEach(s -> s.service.close());
            OPEN.clear();
        }
    }

    /** The URL of queue {@code name}, creating it with {@code attributes} if it does not exist. */
    String ensureQueue(String name, Map<String, String> attributes) throws JMSException {
        String url = org.wharfmq.store.model.Names.url(name);
        if (knownQueues.contains(name)) {
            return url;
        }
        try {
            service.createQueue(name, attributes);
        } catch (QueueServiceException e) {
            String dlq = deadLetterQueue(attributes);
            if (e.code().equals(ErrorCodes.QUEUE_DOES_NOT_EXIST) && dlq != null && !dlq.equals(name)) {
                // The dead-letter queue comes first, with default attributes.
                ensureQueue(dlq, Map.of());
                return ensureQueue(name, attributes);
            }
            if (!e.code().equals(ErrorCodes.QUEUE_ALREADY_EXISTS)) {
                throw JmsErrors.of(e);
            }
        }
        knownQueues.add(name);
        return url;
    }

    private static String deadLetterQueue(Map<String, String> attributes) {
        String policy = attributes.get("RedrivePolicy");
        if (policy == null) {
            return null;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("\"deadLetterTargetArn\"\\s*:\\s*\"(?:[^\"]*:)?([^\":]+)\"").matcher(policy);
        return m.find() ? m.group(1) : null;
    }

    /** Forgets that a queue exists (it was deleted). */
    void forgetQueue(String name) {
        knownQueues.remove(name);
    }

    void ensureTopic(String name) throws JMSException {
        if (knownTopics.add(name)) {
            try {
                topics.createTopic(name);
            } catch (QueueServiceException e) {
                knownTopics.remove(name);
                throw JmsErrors.of(e);
            }
        }
    }

    void claimClientId(String clientId) throws InvalidClientIDException {
        if (!clientIds.add(clientId)) {
            throw new InvalidClientIDException("client id '" + clientId + "' is in use by another connection");
        }
    }

    void releaseClientId(String clientId) {
        clientIds.remove(clientId);
    }

    int activeConsumers(String subscriptionKey) {
        return activeConsumers.getOrDefault(subscriptionKey, 0);
    }

    void consumerOpened(String subscriptionKey) {
        activeConsumers.merge(subscriptionKey, 1, Integer::sum);
    }

    /** Returns how many consumers of the subscription are left. */
    int consumerClosed(String subscriptionKey) {
        Integer left = activeConsumers.computeIfPresent(subscriptionKey, (k, n) -> n > 1 ? n - 1 : null);
        return left == null ? 0 : left;
    }
}
