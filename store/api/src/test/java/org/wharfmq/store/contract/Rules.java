package org.wharfmq.store.contract;

import java.util.Set;

/**
 * The ids of the model's rules that a backend may declare it keeps differently
 * ({@link Backend#withDifferences}); a test of such a rule calls {@link Backend#differs} with its id.
 */
public final class Rules {
    /** Time passes on the backend's server, not on the store's clock: tests that move the manual clock. */
    public static final String SERVER_CLOCK = "server-clock";
    /** An older receipt handle is {@code ReceiptHandleIsInvalid}. */
    public static final String STALE_RECEIPT_HANDLE = "stale-receipt-handle";
    /** A failure's message names the offending value. */
    public static final String ERROR_MESSAGE_NAMES_VALUE = "error-message-names-value";
    /** 120,000 in flight in a standard queue is {@code OverLimit}; 20,000 in a FIFO queue, an empty receive. */
    public static final String IN_FLIGHT_LIMITS = "in-flight-limits";
    /** A send without a body is {@code MissingParameter}. */
    public static final String MISSING_BODY = "missing-body";
    /** A forbidden character in a body is {@code InvalidMessageContents}. */
    public static final String INVALID_MESSAGE_CONTENTS = "invalid-message-contents";
    /** A message larger than its queue's MaximumMessageSize is rejected. */
    public static final String MAXIMUM_MESSAGE_SIZE = "maximum-message-size";
    /** Message attribute names follow SQS's rules (no leading, trailing or double dot, no AWS./Amazon. prefix). */
    public static final String MESSAGE_ATTRIBUTE_NAMES = "message-attribute-names";
    /** MessageGroupId and MessageDeduplicationId on a standard queue are {@code InvalidParameterValue}. */
    public static final String FIFO_FIELDS_ON_STANDARD_QUEUES = "fifo-fields-on-standard-queues";
    /** A FIFO queue's DeduplicationWindow may be set from 20 s to 7 days. */
    public static final String DEDUPLICATION_WINDOW = "deduplication-window";

    /** Every id above. */
    public static final Set<String> DIFFERABLE = Set.of(SERVER_CLOCK, STALE_RECEIPT_HANDLE,
            ERROR_MESSAGE_NAMES_VALUE, IN_FLIGHT_LIMITS, MISSING_BODY, INVALID_MESSAGE_CONTENTS, MAXIMUM_MESSAGE_SIZE,
            MESSAGE_ATTRIBUTE_NAMES, FIFO_FIELDS_ON_STANDARD_QUEUES, DEDUPLICATION_WINDOW);

    private Rules() {
    }
}
