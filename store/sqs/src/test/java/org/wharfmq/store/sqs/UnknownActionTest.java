package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.QueueServiceException;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.sqs.model.SqsException;

/** An action the server does not have is told by its answer: HTTP 400 (or 501) and an unknown-action code. */
class UnknownActionTest {

    private static boolean unknown(int status, String code) {
        SqsException answer = (SqsException) SqsException.builder().statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).build()).build();
        QueueServiceException e = SqsErrors.of("StartMessageMoveTask", answer);
        return UnknownAction.is(e);
    }

    @Test
    void invalidActionAndUnknownOperationAreUnknownActions() {
        assertEquals(List.of(true, true, true, true), List.of(unknown(400, "InvalidAction"),
                unknown(400, "AWS.SimpleQueueService.InvalidAction"), unknown(400, "UnknownOperationException"),
                unknown(400, "com.amazonaws.sqs#InvalidAction")));
    }

    @Test
    void otherRefusalsAreNot() {
        assertEquals(List.of(false, false, false), List.of(unknown(400, "InvalidParameterValue"),
                unknown(400, "QueueDoesNotExist"), unknown(500, "InvalidAction")));
    }
}
