package org.wharfmq.store;

/** The error codes of docs/model.md and the SQS common errors that Wharf uses. */
public final class ErrorCodes {
    public static final String INVALID_PARAMETER_VALUE = "InvalidParameterValue";
    public static final String MISSING_PARAMETER = "MissingParameter";
    public static final String INVALID_PARAMETER_COMBINATION = "InvalidParameterCombination";
    public static final String INVALID_ATTRIBUTE_NAME = "InvalidAttributeName";
    public static final String ACCESS_DENIED = "AccessDenied";
    public static final String QUEUE_DOES_NOT_EXIST = "QueueDoesNotExist";
    public static final String QUEUE_ALREADY_EXISTS = "QueueAlreadyExists";
    public static final String QUEUE_DELETED_RECENTLY = "QueueDeletedRecently";
    public static final String PURGE_QUEUE_IN_PROGRESS = "PurgeQueueInProgress";
    public static final String OVER_LIMIT = "OverLimit";
    public static final String INVALID_MESSAGE_CONTENTS = "InvalidMessageContents";
    public static final String RECEIPT_HANDLE_IS_INVALID = "ReceiptHandleIsInvalid";
    public static final String MESSAGE_NOT_INFLIGHT = "MessageNotInflight";
    public static final String EMPTY_BATCH_REQUEST = "EmptyBatchRequest";
    public static final String TOO_MANY_ENTRIES_IN_BATCH_REQUEST = "TooManyEntriesInBatchRequest";
    public static final String BATCH_ENTRY_IDS_NOT_DISTINCT = "BatchEntryIdsNotDistinct";
    public static final String BATCH_REQUEST_TOO_LONG = "BatchRequestTooLong";
    public static final String INVALID_BATCH_ENTRY_ID = "InvalidBatchEntryId";
    public static final String INTERNAL_FAILURE = "InternalFailure";
    public static final String SERVICE_UNAVAILABLE = "ServiceUnavailable";
    /** A transaction or XA branch was used in a way its state does not allow. */
    public static final String INVALID_TRANSACTION_STATE = "InvalidTransactionState";

    private ErrorCodes() {
    }
}
