package org.wharfmq.jms;

import java.util.Optional;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.StoreGateway;
import org.wharfmq.jms.selector.Selector;
import org.wharfmq.store.model.Range;
import org.wharfmq.store.model.RedeliveryPolicy;

/**
 * What the modules around the provider (the resource adapter, the Spring Boot starter, JNDI,
 * tools) use of it beyond the JMS API: printing a URL safely, checking a selector, a redelivery
 * backoff or a visibility extension before use, and holding a store open. With
 * {@link QueueDeclaration}, {@link QueueAdmin}, {@link StoreLease} and {@link WharfConnectionFactory}
 * it is their whole view of the provider.
 */
public final class Wharf {
    private Wharf() {
    }

    /** {@code url} as it may be printed (in a log, an exception, a health report): its secrets and passwords hidden. */
    public static String printable(String url) {
        return StoreGateway.printable(url);
    }

    /** Checks a JMS message selector (null or blank selects all); fails naming the problem and where it is. */
    public static void checkSelector(String selector) throws InvalidSelectorException {
        Selector.parse(selector);
    }

    /**
     * A lease on the store {@code url} names (of its connection options only {@code usersFile} counts:
     * it guards the store's MBeans), opened if need be; see {@link StoreLease}. Fails if the URL is
     * bad or the store cannot be opened.
     */
    public static StoreLease lease(String url) throws JMSException {
        return StoreLease.on(url);
    }

    /**
     * True if the store {@code url} names lives outside this process, as its backend says: several
     * processes may hold it open at once, and its message move tasks outlive the one that started
     * them. Fails if no backend takes the URL.
     */
    public static boolean isShared(String url) throws JMSException {
        return StoreGateway.sharedByProcesses(ConnectionOptions.parse(url).storeUrl());
    }

    /**
     * Why {@code url} names no store yet, where opening it would create one, or empty; as its
     * backend says. Fails if no backend takes the URL.
     */
    public static Optional<String> missingStore(String url) throws JMSException {
        return StoreGateway.missingStore(ConnectionOptions.parse(url).storeUrl());
    }

    /** True if the store {@code url} names is open in this JVM. Fails if the URL is bad. */
    public static boolean isOpen(String url) throws JMSException {
        return StoreGateway.isOpen(ConnectionOptions.parse(url).storeUrl());
    }

    /**
     * The first problem of a redelivery backoff given as options {@code redeliveryDelay} (seconds),
     * {@code redeliveryMultiplier} and {@code redeliveryMaxDelay} (seconds), each null when not
     * set, or none if it is valid: each in range, the other two only with a delay, and the longest
     * delay at least the first.
     */
    public static Optional<OptionProblem> checkRedelivery(Integer redeliveryDelay, Double redeliveryMultiplier,
                                                          Integer redeliveryMaxDelay) {
        return RedeliveryPolicy.check(redeliveryDelay, redeliveryMultiplier, redeliveryMaxDelay).map(p -> {
            String hint = switch (p.rule()) {
                case OUT_OF_RANGE -> "use " + p.range() + (p.value() instanceof Double ? "" : " seconds");
                case WITHOUT_INITIAL_DELAY -> "set " + ConnectionOptions.REDELIVERY_DELAY + ", the first delay, too";
                case BELOW_INITIAL_DELAY -> "use at least " + ConnectionOptions.REDELIVERY_DELAY + " " + p.min();
            };
            return new OptionProblem(ConnectionOptions.redeliveryOption(p), p.value(), hint);
        });
    }

    /**
     * The problem of {@code value} (null when not set) as connection option {@code option}, one of
     * {@code visibilityTimeout}, {@code prefetch}, {@code waitTimeSeconds} and
     * {@code visibilityExtensionLimit}, or none if it is in the option's range.
     */
    public static Optional<OptionProblem> checkOption(String option, Integer value) {
        Range range = ConnectionOptions.RANGES.get(option);
        if (range == null) {
            throw new IllegalArgumentException("'" + option + "' is not a whole-number connection option; use one of "
                    + ConnectionOptions.RANGES.keySet());
        }
        if (value == null || range.contains(value)) {
            return Optional.empty();
        }
        return Optional.of(new OptionProblem(option, value,
                "use " + range + (option.equals(ConnectionOptions.PREFETCH) ? "" : " seconds")));
    }

    /**
     * The first problem of a visibility extension given as options {@code visibilityExtension}
     * ({@code on} or {@code off}) and {@code visibilityExtensionLimit} (seconds), each null when not
     * set, or none if both are valid.
     */
    public static Optional<OptionProblem> checkVisibilityExtension(String visibilityExtension,
                                                                   Integer visibilityExtensionLimit) {
        if (visibilityExtension != null && !ConnectionOptions.isOnOrOff(visibilityExtension)) {
            return Optional.of(new OptionProblem(ConnectionOptions.VISIBILITY_EXTENSION, visibilityExtension,
                    "use on or off"));
        }
        return checkOption(ConnectionOptions.VISIBILITY_EXTENSION_LIMIT, visibilityExtensionLimit);
    }
}
