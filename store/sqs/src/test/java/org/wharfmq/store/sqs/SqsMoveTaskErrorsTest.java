package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** The server's refusals of message move tasks come back as the model's codes, naming the value. */
class SqsMoveTaskErrorsTest {

    @Test
    void cancellingAnUnknownTaskFailsNamingItsHandle() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("mverr"))) {
            MessageMoves moves = s.extension(MessageMoves.class).orElseThrow();

            QueueServiceException e = assertThrows(QueueServiceException.class,
                    () -> moves.cancelMessageMoveTask("no-such-task"));

            assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
            assertTrue(e.getMessage().contains("no-such-task"), e.getMessage());
        }
    }

    @Test
    void aSecondTaskOnASourceFailsNamingItAndTheFirstGoesOn() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("mvtwo"))) {
            MessageMoves moves = s.extension(MessageMoves.class).orElseThrow();
            String source = s.createQueue("held", Map.of());
            String destination = s.createQueue("target", Map.of());
            for (String b : List.of("a", "b", "c")) {
                s.sendMessage(SendMessageRequest.of(source, b));
            }
            String first = moves.startMessageMoveTask(source, destination, 1);

            QueueServiceException e = assertThrows(QueueServiceException.class,
                    () -> moves.startMessageMoveTask(source, destination, null));

            assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
            assertTrue(e.getMessage().contains("held"), e.getMessage());
            List<MessageMoveTask> tasks = moves.listMessageMoveTasks(source);
            assertEquals(List.of(first), tasks.stream().map(MessageMoveTask::taskHandle).toList());
            assertEquals(destination, tasks.get(0).destinationQueueUrl());
            moves.cancelMessageMoveTask(first);
        }
    }
}
