package org.wharfmq.store.sqs;

import java.util.Set;
import org.wharfmq.store.QueueServiceException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * Whether the server answered a request as an action it does not have (YMQ has no message move
 * tasks and no ListDeadLetterSourceQueues): HTTP 400 or 501 with {@code InvalidAction} (the query
 * protocol's code), {@code UnknownOperationException} (the JSON protocol's) or {@code NotImplemented}.
 */
final class UnknownAction {
    private static final Set<String> CODES = Set.of("InvalidAction", "UnknownOperationException",
            "UnknownOperation", "NotImplemented");

    private UnknownAction() {
    }

    static boolean is(QueueServiceException e) {
        if (!(e.getCause() instanceof AwsServiceException a) || a.awsErrorDetails() == null
                || a.awsErrorDetails().errorCode() == null || (a.statusCode() != 400 && a.statusCode() != 501)) {
            return false;
        }
        String code = a.awsErrorDetails().errorCode();
        code = code.substring(code.lastIndexOf('#') + 1);
        return CODES.contains(code.startsWith("AWS.SimpleQueueService.")
                ? code.substring("AWS.SimpleQueueService.".length()) : code);
    }
}
