package org.wharfmq.jms;

import java.util.Map;
import java.util.Set;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.StoreGateway;
import org.wharfmq.store.model.Range;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.RedeliveryPolicy;
import org.wharfmq.store.model.UrlOptions;

/**
 * A connection URL split into the store URL and Wharf's connection options:
 * {@code visibilityTimeout} (seconds, 1..43200; default the queue's), {@code prefetch} (0..9, as a receive takes at most 10,
 * default 0), {@code waitTimeSeconds} (long-poll slice, 1..20, default 20), {@code user} and
 * {@code password} (the one allowed user), {@code usersFile} (a properties file of user=password, plain or hashed),
 * {@code autoAck} ({@code deferred}, the default, or {@code durable}: see {@link Automatic}), and the
 * consumers' redelivery backoff ({@code redeliveryDelay} seconds 0..43200, {@code redeliveryMultiplier}
 * 1..10, default 1, {@code redeliveryMaxDelay} seconds, redeliveryDelay..43200, default 43200; unset:
 * the queue's RedeliveryPolicy; see {@link RedeliveryPolicy}), {@code clientID} (the client id of
 * each connection whose factory sets none), and the visibility extension of messages held for a
 * listener ({@code visibilityExtension} {@code on}, the default, or {@code off};
 * {@code visibilityExtensionLimit} seconds 1..43200 from the receive, default 43200). Any other
 * option goes to the store.
 */
record ConnectionOptions(String storeUrl, Integer visibilityTimeout, int prefetch, int waitTimeSeconds,
                         String user, String password, String usersFile, boolean durableAutoAck,
                         RedeliveryPolicy redelivery, String clientId,
                         boolean visibilityExtension,
                         int visibilityExtensionLimit) {
    static final String VISIBILITY_TIMEOUT = "visibilityTimeout";
    static final String PREFETCH = "prefetch";
    private static final String WAIT_TIME_SECONDS = "waitTimeSeconds";
    static final String REDELIVERY_DELAY = "redeliveryDelay";
    private static final String REDELIVERY_MULTIPLIER = "redeliveryMultiplier";
    private static final String REDELIVERY_MAX_DELAY = "redeliveryMaxDelay";
    static final String VISIBILITY_EXTENSION = "visibilityExtension";
    static final String VISIBILITY_EXTENSION_LIMIT = "visibilityExtensionLimit";
    /** The options that are whole numbers, each with the model's range (in seconds, but for prefetch). */
    static final Map<String, Range> RANGES = Map.of(VISIBILITY_TIMEOUT, Ranges.CONSUMER_VISIBILITY_TIMEOUT,
            PREFETCH, Ranges.PREFETCH, WAIT_TIME_SECONDS, Ranges.LONG_POLL_SECONDS,
            VISIBILITY_EXTENSION_LIMIT, Ranges.VISIBILITY_EXTENSION_LIMIT);
    private static final Set<String> OWN = Set.of(VISIBILITY_TIMEOUT, PREFETCH, WAIT_TIME_SECONDS, "user",
            "password", "usersFile", "autoAck", REDELIVERY_DELAY, REDELIVERY_MULTIPLIER, REDELIVERY_MAX_DELAY,
            "clientID",
            VISIBILITY_EXTENSION, VISIBILITY_EXTENSION_LIMIT);

    static ConnectionOptions parse(String url) throws JMSException {
        if (url == null || url.isBlank()) {
            throw new JMSException("the connection URL is empty; use one of " + StoreGateway.urlForms());
        }
        UrlOptions<JMSException> o = UrlOptions.parse("connection URL", url, JMSException::new);
        Integer prefetch = integer(o, PREFETCH);
        Integer wait = integer(o, WAIT_TIME_SECONDS);
        String autoAck = o.get("autoAck");
        if (autoAck != null && !autoAck.equals("deferred") && !autoAck.equals("durable")) {
            throw o.fail("option autoAck=" + autoAck + " is neither deferred nor durable");
        }
        String extension = o.get(VISIBILITY_EXTENSION);
        if (extension != null && !isOnOrOff(extension)) {
            throw o.fail("option " + VISIBILITY_EXTENSION + "=" + extension + " is neither on nor off");
        }
        Integer extensionLimit = integer(o, VISIBILITY_EXTENSION_LIMIT);
        return new ConnectionOptions(storeUrl(o), integer(o, VISIBILITY_TIMEOUT),
                prefetch == null ? 0 : prefetch, wait == null ? Ranges.LONG_POLL_SECONDS.max() : wait, o.get("user"),
                o.get("password"), o.get("usersFile"), "durable".equals(autoAck), redelivery(o), o.get("clientID"),
                !"off".equals(extension),
                extensionLimit == null ? Ranges.VISIBILITY_EXTENSION_LIMIT.max() : extensionLimit);
    }

    private static Integer integer(UrlOptions<JMSException> o, String option) throws JMSException {
        return o.integer(option, RANGES.get(option));
    }

    /** The two values of {@code visibilityExtension}. */
    static boolean isOnOrOff(String value) {
        return value.equals("on") || value.equals("off");
    }

    /** The base and the options that are not the connection's own, for the store. */
    private static String storeUrl(UrlOptions<JMSException> o) {
        StringBuilder store = new StringBuilder(o.base());
        char sep = '?';
        for (Map.Entry<String, String> e : o.all().entrySet()) {
            if (!OWN.contains(e.getKey())) {
                store.append(sep).append(e.getKey()).append('=').append(e.getValue());
                sep = '&';
            }
        }
        return store.toString();
    }

    /** The backoff the three options give, or null if none is set; checked by the model's one rule. */
    private static RedeliveryPolicy redelivery(UrlOptions<JMSException> o) throws JMSException {
        Integer delay = o.integer(REDELIVERY_DELAY, RedeliveryPolicy.DELAY_SECONDS);
        Double multiplier = o.decimal(REDELIVERY_MULTIPLIER, RedeliveryPolicy.MIN_MULTIPLIER,
                RedeliveryPolicy.MAX_MULTIPLIER);
        Integer maxDelay = o.integer(REDELIVERY_MAX_DELAY, RedeliveryPolicy.DELAY_SECONDS);
        RedeliveryPolicy.Problem p = RedeliveryPolicy.check(delay, multiplier, maxDelay).orElse(null);
        if (p != null) {
            String option = redeliveryOption(p);
            throw o.fail(switch (p.rule()) {
                case OUT_OF_RANGE -> "option " + option + "=" + o.get(option) + " is not a number in " + p.range();
                case WITHOUT_INITIAL_DELAY -> "sets " + option + " without " + REDELIVERY_DELAY
                        + ", the first delay in seconds";
                case BELOW_INITIAL_DELAY -> "option " + option + "=" + p.value() + " is below " + REDELIVERY_DELAY
                        + "=" + p.min();
            });
        }
        return RedeliveryPolicy.of(delay, multiplier, maxDelay);
    }

    /** The option (and activation property) that sets the policy's field {@code p} names. */
    static String redeliveryOption(RedeliveryPolicy.Problem p) {
        return switch (p.field()) {
            case "initialDelaySeconds" -> REDELIVERY_DELAY;
            case "multiplier" -> REDELIVERY_MULTIPLIER;
            default -> REDELIVERY_MAX_DELAY;
        };
    }
}
