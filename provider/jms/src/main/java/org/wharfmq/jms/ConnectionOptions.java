package org.wharfmq.jms;

import java.util.LinkedHashMap;
import java.util.Map;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.StoreGateway;
import org.wharfmq.store.model.RedeliveryPolicy;

/**
 * A connection URL split into the store URL and Wharf's connection options:
 * {@code visibilityTimeout} (seconds, 0..43200; default the queue's), {@code prefetch} (0..9, as a receive takes at most 10,
 * default 0), {@code waitTimeSeconds} (long-poll slice, 1..20, default 20), {@code user} and
 * {@code password} (the one allowed user), {@code usersFile} (a properties file of user=password),
 * {@code autoAck} ({@code deferred}, the default, or {@code durable}: see {@link Automatic}), and the
 * consumers' redelivery backoff ({@code redeliveryDelay} seconds 0..43200, {@code redeliveryMultiplier}
 * 1..10, default 1, {@code redeliveryMaxDelay} seconds, redeliveryDelay..43200, default 43200; unset:
 * the queue's RedeliveryPolicy; see {@link RedeliveryPolicy}). Any other option goes to the store.
 */
record ConnectionOptions(String storeUrl, Integer visibilityTimeout, int prefetch, int waitTimeSeconds,
                         String user, String password, String usersFile, boolean durableAutoAck,
                         RedeliveryPolicy redelivery) {

    static ConnectionOptions parse(String url) throws JMSException {
        if (url == null || url.isBlank()) {
            throw new JMSException("the connection URL is empty; use wharf:derby:<dir> or wharf:memory:<name>");
        }
        int q = url.indexOf('?');
        String base = q < 0 ? url : url.substring(0, q);
        Map<String, String> storeOptions = new LinkedHashMap<>();
        Integer visibility = null;
        int prefetch = 0;
        int wait = 20;
        String user = null;
        String password = null;
        String usersFile = null;
        boolean durableAutoAck = false;
        Integer redeliveryDelay = null;
        Double redeliveryMultiplier = null;
        Integer redeliveryMaxDelay = null;
        if (q >= 0) {
            for (String pair : url.substring(q + 1).split("&")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new JMSException("connection URL '" + StoreGateway.printable(url)
                            + "' has an option without a value: '" + pair + "'");
                }
                String key = pair.substring(0, eq);
                String value = pair.substring(eq + 1);
                switch (key) {
                    case "visibilityTimeout" -> visibility = intOption(url, key, value, 0, 43200);
                    case "prefetch" -> prefetch = intOption(url, key, value, 0, 9);
                    case "waitTimeSeconds" -> wait = intOption(url, key, value, 1, 20);
                    case "user" -> user = value;
                    case "password" -> password = value;
                    case "usersFile" -> usersFile = value;
                    case "autoAck" -> {
                        if (!value.equals("deferred") && !value.equals("durable")) {
                            throw new JMSException("connection URL '" + StoreGateway.printable(url) + "' option autoAck="
                                    + value + " is neither deferred nor durable");
                        }
                        durableAutoAck = value.equals("durable");
                    }
                    case "redeliveryDelay" -> redeliveryDelay = intOption(url, key, value, 0, RedeliveryPolicy.DELAY_SECONDS.max());
                    case "redeliveryMultiplier" -> redeliveryMultiplier = multiplierOption(url, key, value);
                    case "redeliveryMaxDelay" -> redeliveryMaxDelay = intOption(url, key, value, 0,
                            RedeliveryPolicy.DELAY_SECONDS.max());
                    default -> storeOptions.put(key, value);
                }
            }
        }
        StringBuilder store = new StringBuilder(base);
        char sep = '?';
        for (Map.Entry<String, String> e : storeOptions.entrySet()) {
            store.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = '&';
        }
        return new ConnectionOptions(store.toString(), visibility, prefetch, wait, user, password, usersFile,
                durableAutoAck, redelivery(url, redeliveryDelay, redeliveryMultiplier, redeliveryMaxDelay));
    }

    /** The backoff the three options give, or null if none is set. */
    private static RedeliveryPolicy redelivery(String url, Integer delay, Double multiplier, Integer maxDelay)
            throws JMSException {
        if (delay == null) {
            if (multiplier != null || maxDelay != null) {
                throw new JMSException("connection URL '" + StoreGateway.printable(url) + "' sets "
                        + (multiplier != null ? "redeliveryMultiplier" : "redeliveryMaxDelay")
                        + " without redeliveryDelay, the first delay in seconds");
            }
            return null;
        }
        int max = maxDelay == null ? RedeliveryPolicy.DELAY_SECONDS.max() : maxDelay;
        if (max < delay) {
            throw new JMSException("connection URL '" + StoreGateway.printable(url) + "' option redeliveryMaxDelay="
                    + max + " is below redeliveryDelay=" + delay);
        }
        return new RedeliveryPolicy(delay, multiplier == null ? 1.0 : multiplier, max);
    }

    private static double multiplierOption(String url, String key, String value) throws JMSException {
        try {
            double v = Double.parseDouble(value);
            if (v >= 1.0 && v <= RedeliveryPolicy.MAX_MULTIPLIER) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new JMSException("connection URL '" + StoreGateway.printable(url) + "' option " + key + "=" + value
                + " is not a number in 1.0.." + RedeliveryPolicy.MAX_MULTIPLIER);
    }

    private static int intOption(String url, String key, String value, int min, int max) throws JMSException {
        try {
            int v = Integer.parseInt(value);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new JMSException("connection URL '" + StoreGateway.printable(url) + "' option " + key + "=" + value + " is not a number in "
                + min + ".." + max);
    }
}
