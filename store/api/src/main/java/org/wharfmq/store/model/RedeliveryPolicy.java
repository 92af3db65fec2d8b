package org.wharfmq.store.model;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.wharfmq.store.QueueServiceException;

/**
 * Wharf's attribute, not the model's: how long a message its consumer gives back (a rollback, a
 * recover, a failed listener) stays invisible, {@code min(maxDelaySeconds, initialDelaySeconds *
 * multiplier^(receiveCount-1))}; the consumer applies it with ChangeMessageVisibility. The same
 * backoff comes from a queue's RedeliveryPolicy attribute or from a consumer's own settings (the
 * connection URL's {@code redelivery*} options, an MDB's activation properties); {@link #check}
 * is the one validation of all of them.
 */
public record RedeliveryPolicy(int initialDelaySeconds, double multiplier, int maxDelaySeconds) {
    /** Both delays: at most the longest visibility timeout. */
    public static final Range DELAY_SECONDS = Ranges.VISIBILITY_TIMEOUT;
    public static final double MIN_MULTIPLIER = 1.0;
    public static final double MAX_MULTIPLIER = 10.0;

    /** Checks the ranges; fails naming the bad field and value. */
    public RedeliveryPolicy {
        check(initialDelaySeconds, multiplier, maxDelaySeconds).ifPresent(RedeliveryPolicy::fail);
    }

    /** Which rule a {@link Problem} breaks. */
    public enum Rule {
        /** The value is outside {@code min..max}. */
        OUT_OF_RANGE,
        /** multiplier or maxDelaySeconds is given without initialDelaySeconds. */
        WITHOUT_INITIAL_DELAY,
        /** maxDelaySeconds is below initialDelaySeconds ({@code min}). */
        BELOW_INITIAL_DELAY
    }

    /**
     * What is wrong with a policy's values, for each caller to word in its own terms: the field
     * (initialDelaySeconds, multiplier or maxDelaySeconds), its value, the rule it breaks and the
     * values allowed, {@code min..max} (null for {@link Rule#WITHOUT_INITIAL_DELAY}).
     */
    public record Problem(String field, Number value, Rule rule, Number min, Number max) {
        /** The allowed values, {@code min..max}, or null. */
        public String range() {
            return min == null ? null : min + ".." + max;
        }

        /** The model's wording: "multiplier 0.5 is out of range 1.0..10.0". */
        public String message() {
            return field + " " + value + switch (rule) {
                case OUT_OF_RANGE -> " is out of range " + range();
                case WITHOUT_INITIAL_DELAY -> " is given without initialDelaySeconds";
                case BELOW_INITIAL_DELAY -> " is below initialDelaySeconds " + min;
            };
        }
    }

    /**
     * The first problem of a policy given in parts, any of them null (not given), or empty if they
     * make a policy (or none, all null). Fields are checked in the order initialDelaySeconds,
     * multiplier, maxDelaySeconds; each range before the rules between them.
     */
    public static Optional<Problem> check(Integer initialDelaySeconds, Double multiplier, Integer maxDelaySeconds) {
        if (initialDelaySeconds != null && !DELAY_SECONDS.contains(initialDelaySeconds)) {
            return outOfRange("initialDelaySeconds", initialDelaySeconds);
        }
        if (multiplier != null && !(multiplier >= MIN_MULTIPLIER && multiplier <= MAX_MULTIPLIER)) {
            return Optional.of(new Problem("multiplier", multiplier, Rule.OUT_OF_RANGE, MIN_MULTIPLIER,
                    MAX_MULTIPLIER));
        }
        if (maxDelaySeconds != null && !DELAY_SECONDS.contains(maxDelaySeconds)) {
            return outOfRange("maxDelaySeconds", maxDelaySeconds);
        }
        if (initialDelaySeconds == null && multiplier != null) {
            return Optional.of(new Problem("multiplier", multiplier, Rule.WITHOUT_INITIAL_DELAY, null, null));
        }
        if (initialDelaySeconds == null && maxDelaySeconds != null) {
            return Optional.of(new Problem("maxDelaySeconds", maxDelaySeconds, Rule.WITHOUT_INITIAL_DELAY, null,
                    null));
        }
        if (maxDelaySeconds != null && maxDelaySeconds < initialDelaySeconds) {
            return Optional.of(new Problem("maxDelaySeconds", maxDelaySeconds, Rule.BELOW_INITIAL_DELAY,
                    initialDelaySeconds, DELAY_SECONDS.max()));
        }
        return Optional.empty();
    }

    private static Optional<Problem> outOfRange(String field, int value) {
        return Optional.of(new Problem(field, value, Rule.OUT_OF_RANGE, DELAY_SECONDS.min(), DELAY_SECONDS.max()));
    }

    /**
     * The policy given in parts, any of them null (not given): multiplier defaults to 1,
     * maxDelaySeconds to the longest delay; null (no policy) when none is given. Fails with the
     * {@link #check} problem in the model's words.
     */
    public static RedeliveryPolicy of(Integer initialDelaySeconds, Double multiplier, Integer maxDelaySeconds) {
        check(initialDelaySeconds, multiplier, maxDelaySeconds).ifPresent(RedeliveryPolicy::fail);
        return initialDelaySeconds == null ? null : new RedeliveryPolicy(initialDelaySeconds,
                multiplier == null ? MIN_MULTIPLIER : multiplier,
                maxDelaySeconds == null ? DELAY_SECONDS.max() : maxDelaySeconds);
    }

    private static void fail(Problem p) {
        throw new QueueServiceException(INVALID_PARAMETER_VALUE, QueueConfig.REDELIVERY_POLICY + " " + p.message());
    }

    /**
     * Parses {@code {"initialDelaySeconds":1,"multiplier":2,"maxDelaySeconds":300}}; multiplier
     * defaults to 1, maxDelaySeconds to 43200. Blank is no policy (null).
     */
    public static RedeliveryPolicy parse(String json) {
        if (json.isBlank()) {
            return null;
        }
        Map<String, String> fields = new LinkedHashMap<>(FlatJson.parse(json, QueueConfig.REDELIVERY_POLICY));
        String initial = fields.remove("initialDelaySeconds");
        String multiplier = fields.remove("multiplier");
        String max = fields.remove("maxDelaySeconds");
        if (initial == null || !fields.isEmpty()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, QueueConfig.REDELIVERY_POLICY + " " + json
                    + " must hold initialDelaySeconds, and may hold multiplier and maxDelaySeconds, nothing else");
        }
        return of(integer("initialDelaySeconds", initial), decimal(multiplier),
                max == null ? null : integer("maxDelaySeconds", max));
    }

    private static int integer(String field, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, QueueConfig.REDELIVERY_POLICY + " " + field
                    + " '" + value + "' is not a number");
        }
    }

    private static Double decimal(String multiplier) {
        try {
            return multiplier == null ? null : Double.parseDouble(multiplier);
        } catch (NumberFormatException e) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, QueueConfig.REDELIVERY_POLICY + " multiplier '"
                    + multiplier + "' is not a number");
        }
    }

    /** The canonical form: every field, multiplier without trailing zeros. */
    public String toJson() {
        return "{\"initialDelaySeconds\":" + initialDelaySeconds + ",\"multiplier\":"
                + new BigDecimal(Double.toString(multiplier)).stripTrailingZeros().toPlainString()
                + ",\"maxDelaySeconds\":" + maxDelaySeconds + "}";
    }

    /** The delay, in seconds, of a message given back after its {@code receiveCount}th receive. */
    public int delaySeconds(int receiveCount) {
        double d = initialDelaySeconds * Math.pow(multiplier, Math.max(0, receiveCount - 1));
        return (int) Math.min(maxDelaySeconds, Math.round(Math.min(d, DELAY_SECONDS.max())));
    }
}
