package org.wharfmq.store.sqs.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.Fault;
import org.wharfmq.store.sqs.testing.FaultRelay;
import org.wharfmq.store.sqs.testing.FaultScript;

/**
 * Requests whose answer is lost after the server acted, retried by the client: what the store makes
 * of the retry, and how a delete that was done is told from one that was not.
 */
class LostAnswersTest {
    private FaultRelay relay;
    private QueueService store;
    private String queueUrl;

    @BeforeEach
    void start() {
        relay = FaultRelay.start(ElasticMq.shared().endpoint());
        store = QueueServices.open(relay.storeUrl("lost", ElasticMq.PROTOCOL));
        queueUrl = store.createQueue("answers", Map.of());
    }

    @AfterEach
    void stop() {
        store.close();
        relay.close();
    }

    private ReceivedMessage sentAndReceived(String body) {
        store.sendMessage(SendMessageRequest.of(queueUrl, body));
        return store.receiveMessage(new ReceiveMessageRequest(queueUrl, 1, 30, 5, null)).get(0);
    }

    private long onTheServer() {
        Map<String, String> a = store.getQueueAttributes(queueUrl, List.of("ApproximateNumberOfMessages",
                "ApproximateNumberOfMessagesNotVisible"));
        return Long.parseLong(a.get("ApproximateNumberOfMessages"))
                + Long.parseLong(a.get("ApproximateNumberOfMessagesNotVisible"));
    }

    @Test
    void aCommitWhoseDeleteAnswerWasLostCommits() {
        ReceivedMessage m = sentAndReceived("consumed in a transaction");
        StoreTransaction tx = store.extension(Transactions.class).orElseThrow().begin();
        tx.deleteMessage(queueUrl, m.receiptHandle());
        relay.inject(FaultScript.of(Fault.RESET_AFTER).on("DeleteMessageBatch").times(1));

        tx.commit();

        assertEquals(1, relay.injected(Fault.RESET_AFTER));
        assertEquals(0, onTheServer());
    }

    @Test
    void aCommitOfAMessageReceivedAgainMeanwhileStillFails() {
        ReceivedMessage m = sentAndReceived("taken by another consumer");
        store.changeMessageVisibility(queueUrl, m.receiptHandle(), 0);
        store.receiveMessage(new ReceiveMessageRequest(queueUrl, 1, 30, 5, null));
        StoreTransaction tx = store.extension(Transactions.class).orElseThrow().begin();
        tx.deleteMessage(queueUrl, m.receiptHandle());

        QueueServiceException e = assertThrows(QueueServiceException.class, tx::commit);

        assertEquals(ErrorCodes.RECEIPT_HANDLE_IS_INVALID, e.code());
        assertEquals(1, onTheServer());
    }

    @Test
    void aCommitWhoseSendLostEveryAnswerNamesItInDoubt() {
        StoreTransaction tx = store.extension(Transactions.class).orElseThrow().begin();
        String id = tx.sendMessage(SendMessageRequest.of(queueUrl, "taken, answer lost"),
                org.wharfmq.store.MessageOptions.Options.DEFAULT).messageId();
        relay.inject(FaultScript.of(Fault.RESET_AFTER).on("SendMessageBatch"));

        QueueServiceException e = assertThrows(QueueServiceException.class, tx::commit);

        assertTrue(e.getMessage().contains("in doubt") && e.getMessage().contains(id), e.getMessage());
    }

    @Test
    void anAcknowledgementWhoseDeleteAnswerWasLostIsDone() {
        ReceivedMessage m = sentAndReceived("acknowledged, answer lost");
        relay.inject(FaultScript.of(Fault.RESET_AFTER).on("DeleteMessage").times(1));

        store.deleteMessage(queueUrl, m.receiptHandle());

        assertEquals(1, relay.injected(Fault.RESET_AFTER));
        assertEquals(0, onTheServer());
    }

    @Test
    void aBatchAcknowledgementWhoseDeleteAnswerWasLostIsDone() {
        ReceivedMessage m = sentAndReceived("acknowledged in a batch, answer lost");
        relay.inject(FaultScript.of(Fault.RESET_AFTER).on("DeleteMessageBatch").times(1));

        var result = store.deleteMessageBatch(queueUrl, List.of(new BatchEntry<>("a", m.receiptHandle())));

        assertEquals(List.of("a"), result.successful());
        assertEquals(0, onTheServer());
    }

    @Test
    void aDeleteRefusedAfterTheVisibilityEndedSaysTheMessageComesAgain() {
        store.sendMessage(SendMessageRequest.of(queueUrl, "held too long"));
        ReceivedMessage first = store.receiveMessage(new ReceiveMessageRequest(queueUrl, 1, 1, 5, null)).get(0);
        // Long-polls until the first visibility ends and the message comes again, under a new handle.
        assertEquals(1, store.receiveMessage(new ReceiveMessageRequest(queueUrl, 1, 30, 10, null)).size());

        QueueServiceException e = assertThrows(QueueServiceException.class,
                () -> store.deleteMessage(queueUrl, first.receiptHandle()));

        assertEquals(ErrorCodes.RECEIPT_HANDLE_IS_INVALID, e.code());
        assertTrue(e.getMessage().contains("visibility timeout ended: the message was not deleted"), e.getMessage());
    }
}
