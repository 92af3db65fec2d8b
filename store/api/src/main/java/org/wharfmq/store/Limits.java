package org.wharfmq.store;

/**
 * What a backend's messages can carry, so that the layer above picks an encoding that fits.
 *
 * @param maxMessageAttributes user message attributes per message (SQS: 10)
 * @param maxMessageBytes body plus attributes, in bytes, on a queue that allows the most
 * @param delayGranularityMillis the unit of a delay this backend keeps (1 with {@link MessageOptions},
 *        1000 when only SendMessage's DelaySeconds is there)
 * @param maxDelayMillis the longest delay of one message
 */
public record Limits(int maxMessageAttributes, int maxMessageBytes, long delayGranularityMillis,
                     long maxDelayMillis) {
    /**
     * The model's limits as SendMessage has them: 10 attributes, 256 KiB, whole seconds up to 900 s.
     * The two largest are written here, not in the model's {@code Ranges}, which takes them from
     * here: the model uses the SPI's types, so the SPI cannot use the model's.
     */
    public static final Limits SQS = new Limits(10, 262_144, 1_000, 900_000);
    /**
     * Amazon SQS since 2025-08: as {@link #SQS}, but a queue's MaximumMessageSize may be up to 1 MiB
     * (a new queue's is still 256 KiB), and one SendMessageBatch may carry 1 MiB in all.
     */
    public static final Limits AMAZON_SQS = new Limits(10, 1_048_576, 1_000, SQS.maxDelayMillis());
    /**
     * A store of Wharf's own (Derby, PostgreSQL): as {@link #SQS}, with no attribute limit of its own
     * and delays to the millisecond ({@link MessageOptions}).
     */
    public static final Limits WHARF = new Limits(Integer.MAX_VALUE, SQS.maxMessageBytes(), 1, SQS.maxDelayMillis());

    public Limits {
        if (maxMessageAttributes < 1 || maxMessageBytes < 1 || delayGranularityMillis < 1 || maxDelayMillis < 0) {
            throw new IllegalArgumentException("limits must be positive: " + maxMessageAttributes + " attributes, "
                    + maxMessageBytes + " bytes, " + delayGranularityMillis + " ms granularity, "
                    + maxDelayMillis + " ms delay");
        }
    }
}
