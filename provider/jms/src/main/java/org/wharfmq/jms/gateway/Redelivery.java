package org.wharfmq.jms.gateway;

/**
 * A redelivery backoff: a message given back (a rollback, a recover, a failed listener) after its
 * {@code n}th receive stays invisible {@code min(maxDelaySeconds, initialDelaySeconds *
 * multiplier^(n-1))} seconds, rounded to the nearest second. It comes from the consumer (the
 * connection URL's {@code redelivery*} options, an MDB's activation properties) or from the queue's
 * RedeliveryPolicy attribute; see {@link Redeliveries}.
 */
public record Redelivery(int initialDelaySeconds, double multiplier, int maxDelaySeconds) {
    /** The model's longest visibility timeout, and so the longest delay. */
    public static final int MAX_SECONDS = 43200;
    public static final double MAX_MULTIPLIER = 10.0;

    /** Ranges as documented; the callers check them first to name their own option in the error. */
    public Redelivery {
        if (initialDelaySeconds < 0 || maxDelaySeconds > MAX_SECONDS || maxDelaySeconds < initialDelaySeconds
                || !(multiplier >= 1.0 && multiplier <= MAX_MULTIPLIER)) {
            throw new IllegalArgumentException("redelivery delay " + initialDelaySeconds + " s x" + multiplier
                    + " up to " + maxDelaySeconds + " s is out of range");
        }
    }

    /** The delay, in seconds, of a message given back after its {@code receiveCount}th receive. */
    public int delaySeconds(int receiveCount) {
        double d = initialDelaySeconds * Math.pow(multiplier, Math.max(0, receiveCount - 1));
        return (int) Math.min(maxDelaySeconds, Math.round(Math.min(d, MAX_SECONDS)));
    }
}
