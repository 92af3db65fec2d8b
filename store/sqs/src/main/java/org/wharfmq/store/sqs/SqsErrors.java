package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.QueueServiceException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * The server's error codes, in the JSON protocol's short form and the query protocol's
 * {@code AWS.SimpleQueueService.*} form, as the model's codes. Throttling and 5xx reach here only
 * after the client's retries, and become {@code ServiceUnavailable}.
 */
final class SqsErrors {
    private static final Map<String, String> CODES = new HashMap<>();

    static {
        for (String code : new String[] {INVALID_PARAMETER_VALUE, MISSING_PARAMETER, INVALID_PARAMETER_COMBINATION,
                INVALID_ATTRIBUTE_NAME, ACCESS_DENIED, QUEUE_DOES_NOT_EXIST, QUEUE_DELETED_RECENTLY,
                PURGE_QUEUE_IN_PROGRESS, OVER_LIMIT, INVALID_MESSAGE_CONTENTS, RECEIPT_HANDLE_IS_INVALID,
                MESSAGE_NOT_INFLIGHT, EMPTY_BATCH_REQUEST, TOO_MANY_ENTRIES_IN_BATCH_REQUEST,
                BATCH_ENTRY_IDS_NOT_DISTINCT, BATCH_REQUEST_TOO_LONG, INVALID_BATCH_ENTRY_ID, INTERNAL_FAILURE,
                SERVICE_UNAVAILABLE}) {
            CODES.put(code, code);
        }
        CODES.put("QueueAlreadyExists", QUEUE_ALREADY_EXISTS);
        CODES.put("QueueNameExists", QUEUE_ALREADY_EXISTS);
        CODES.put("NonExistentQueue", QUEUE_DOES_NOT_EXIST);
        CODES.put("InvalidAttributeValue", INVALID_PARAMETER_VALUE);
        CODES.put("InvalidIdFormat", RECEIPT_HANDLE_IS_INVALID);
        CODES.put("InvalidReceiptHandle", RECEIPT_HANDLE_IS_INVALID);
        CODES.put("UnsupportedOperation", INVALID_PARAMETER_VALUE);
        CODES.put("InvalidSecurity", ACCESS_DENIED);
        CODES.put("AccessDeniedException", ACCESS_DENIED);
        CODES.put("InvalidClientTokenId", ACCESS_DENIED);
        CODES.put("SignatureDoesNotMatch", ACCESS_DENIED);
        CODES.put("MissingAuthenticationToken", ACCESS_DENIED);
        CODES.put("ExpiredToken", ACCESS_DENIED);
        CODES.put("RequestThrottled", SERVICE_UNAVAILABLE);
        CODES.put("ThrottlingException", SERVICE_UNAVAILABLE);
        CODES.put("Throttling", SERVICE_UNAVAILABLE);
        CODES.put("KmsThrottled", SERVICE_UNAVAILABLE);
        CODES.put("InternalError", SERVICE_UNAVAILABLE);
        CODES.put("InternalFailure", SERVICE_UNAVAILABLE);
    }

    private SqsErrors() {
    }

    /** The model's code for a server error code, or null if it has none. */
    static String code(String serverCode) {
        if (serverCode == null) {
            return null;
        }
        String c = serverCode.startsWith("AWS.SimpleQueueService.")
                ? serverCode.substring("AWS.SimpleQueueService.".length()) : serverCode;
        return CODES.get(c);
    }

    /** True if the server refused the request's rate (a throttling error after the client's retries). */
    static boolean throttled(QueueServiceException e) {
        return e.getCause() instanceof AwsServiceException a && a.isThrottlingException();
    }

    /** Runs one request, translating what the client throws. */
    static <T> T call(String what, Supplier<T> request) {
        try {
            return request.get();
        } catch (AwsServiceException e) {
            throw of(what, e);
        } catch (AbortedException e) {
            Thread.currentThread().interrupt();
            throw new QueueServiceException(SERVICE_UNAVAILABLE, what + " was interrupted", false, e);
        } catch (SdkException e) {
            throw new QueueServiceException(SERVICE_UNAVAILABLE, what + " failed: " + e.getMessage(), false, e);
        }
    }

    static QueueServiceException of(String what, AwsServiceException e) {
        String serverCode = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
        String message = e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
        String code = code(serverCode);
        int status = e.statusCode();
        if (code == null) {
            code = status >= 500 || status == 429 ? SERVICE_UNAVAILABLE
                    : status == 403 ? ACCESS_DENIED : INVALID_PARAMETER_VALUE;
        }
        boolean sender = status < 500 && !code.equals(SERVICE_UNAVAILABLE);
        return new QueueServiceException(code, what + ": " + (message == null ? "" : message)
                + " (server code " + serverCode + ", HTTP " + status + ")", sender, e);
    }

    /** A batch's failed entries, with the model's codes. */
    static List<BatchResultErrorEntry> entries(
            List<software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry> failed) {
        List<BatchResultErrorEntry> out = new ArrayList<>(failed.size());
        for (var f : failed) {
            String c = code(f.code());
            out.add(new BatchResultErrorEntry(f.id(), c != null ? c : INVALID_PARAMETER_VALUE, f.message(),
                    Boolean.TRUE.equals(f.senderFault())));
        }
        return out;
    }
}
