package org.wharfmq.jms;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import jakarta.jms.InvalidClientIDException;

/**
 * What JMS keeps per store in this JVM beside the store itself: the client ids in use and the
 * open consumers of each subscription (the spec's rules on changing or removing one in use).
 */
final class ClientRegistry {
    private static final Map<String, ClientRegistry> BY_STORE = new ConcurrentHashMap<>();

    private final Set<String> clientIds = new HashSet<>();
    /** Client ids that the pooled connections of one factory hold at once, with how many hold each. */
    private final Map<String, Integer> sharedIds = new HashMap<>();
    private final Map<String, Integer> activeConsumers = new ConcurrentHashMap<>();

    private ClientRegistry() {
    }

    /** The registry of the store at {@code storeUrl}. */
    static ClientRegistry of(String storeUrl) {
        return BY_STORE.computeIfAbsent(storeUrl, u -> new ClientRegistry());
    }

    /**
     * Claims {@code clientId} for a connection. A shared claim succeeds beside other shared claims
     * (the pooled connections of a server's factory); any other pair of claims fails.
     */
    synchronized void claimClientId(String clientId, boolean shared) throws InvalidClientIDException {
        if (clientIds.contains(clientId) || !shared && sharedIds.containsKey(clientId)) {
            throw new InvalidClientIDException("client id '" + clientId + "' is in use by another connection");
        }
        if (shared) {
            sharedIds.merge(clientId, 1, Integer::sum);
        } else {
            clientIds.add(clientId);
        }
    }

    synchronized void releaseClientId(String clientId, boolean shared) {
        if (shared) {
            sharedIds.computeIfPresent(clientId, (k, n) -> n > 1 ? n - 1 : null);
        } else {
            clientIds.remove(clientId);
        }
    }

    int activeConsumers(String subscription) {
        return activeConsumers.getOrDefault(subscription, 0);
    }

    void consumerOpened(String subscription) {
        activeConsumers.merge(subscription, 1, Integer::sum);
    }

    /** Returns how many consumers of the subscription are left. */
    int consumerClosed(String subscription) {
        Integer left = activeConsumers.computeIfPresent(subscription, (k, n) -> n > 1 ? n - 1 : null);
        return left == null ? 0 : left;
    }
}
