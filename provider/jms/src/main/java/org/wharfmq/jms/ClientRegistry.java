package org.wharfmq.jms;

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

    private final Set<String> clientIds = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> activeConsumers = new ConcurrentHashMap<>();

    private ClientRegistry() {
    }

    /** The registry of the store at {@code storeUrl}. */
    static ClientRegistry of(String storeUrl) {
        return BY_STORE.computeIfAbsent(storeUrl, u -> new ClientRegistry());
    }

    void claimClientId(String clientId) throws InvalidClientIDException {
        if (!clientIds.add(clientId)) {
            throw new InvalidClientIDException("client id '" + clientId + "' is in use by another connection");
        }
    }

    void releaseClientId(String clientId) {
        clientIds.remove(clientId);
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
