package org.wharfmq.samples;

import java.util.List;
import java.util.Map;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;

/**
 * A tour of Wharf's queue model on the embedded Derby store: FIFO groups, deduplication,
 * visibility timeouts and a dead-letter queue.
 */
public final class Quickstart {

    public static void main(String[] args) {
        String url = args.length > 0 ? args[0] : "wharf:derby:target/quickstart-store";
        try (QueueService store = QueueServices.open(url)) {
            System.out.println("Opened " + url);
            fifoGroups(store);
            visibilityTimeout(store);
            deadLetter(store);
        }
    }

    private static void fifoGroups(QueueService store) {
        String orders = store.createQueue("orders-" + System.currentTimeMillis() + ".fifo", Map.of());
        System.out.println("\n== FIFO queue " + orders);
        send(store, SendMessageRequest.fifo(orders, "alice: open account", "alice", "a1"));
        send(store, SendMessageRequest.fifo(orders, "bob: open account", "bob", "b1"));
        send(store, SendMessageRequest.fifo(orders, "alice: deposit 10", "alice", "a2"));
        SendResult dup = store.sendMessage(SendMessageRequest.fifo(orders, "alice: deposit 10", "alice", "a2"));
        System.out.println("resent a2 (same deduplication id): accepted as " + dup.messageId()
                + ", a duplicate, not delivered again");
        List<ReceivedMessage> first = store.receiveMessage(ReceiveMessageRequest.of(orders, 10));
        print("receive", first);
        System.out.println("receive while both groups are in flight: "
                + store.receiveMessage(ReceiveMessageRequest.of(orders, 10)).size() + " messages");
        for (ReceivedMessage m : first) {
            store.deleteMessage(orders, m.receiptHandle());
        }
        System.out.println("deleted " + first.size() + "; left: "
                + store.getQueueAttributes(orders, List.of("ApproximateNumberOfMessages")));
    }

    private static void visibilityTimeout(QueueService store) {
        String jobs = store.createQueue("jobs-" + System.currentTimeMillis(), Map.of("VisibilityTimeout", "1"));
        System.out.println("\n== Standard queue " + jobs + ", VisibilityTimeout 1 s");
        send(store, SendMessageRequest.of(jobs, "resize image 42"));
        print("receive, not deleted", store.receiveMessage(ReceiveMessageRequest.of(jobs, 1)));
        // A long poll returns as soon as the message is visible again.
        print("long poll (up to 5 s)", store.receiveMessage(ReceiveMessageRequest.of(jobs, 1).withWaitTimeSeconds(5)));
    }

    private static void deadLetter(QueueService store) {
        long t = System.currentTimeMillis();
        String dlq = store.createQueue("payments-dlq-" + t, Map.of());
        String payments = store.createQueue("payments-" + t, Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"payments-dlq-" + t + "\",\"maxReceiveCount\":2}"));
        System.out.println("\n== Queue " + payments + " with a dead-letter queue, maxReceiveCount 2");
        SendResult poison = send(store, SendMessageRequest.of(payments, "{\"amount\": \"NaN\"}"));
        for (int attempt = 1; attempt <= 3; attempt++) {
            // VisibilityTimeout 0: the consumer "fails" and the message is visible again at once.
            List<ReceivedMessage> got = store.receiveMessage(
                    ReceiveMessageRequest.of(payments, 1).withVisibilityTimeout(0));
            System.out.println("attempt " + attempt + ": " + (got.isEmpty() ? "nothing (moved to the DLQ)"
                    : "received, receive count " + got.get(0).receiveCount() + ", processing fails"));
        }
        List<ReceivedMessage> dead = store.receiveMessage(ReceiveMessageRequest.of(dlq, 1));
        print("DLQ", dead);
        System.out.println("same MessageId as sent: " + dead.get(0).messageId().equals(poison.messageId()));
    }

    private static SendResult send(QueueService store, SendMessageRequest r) {
        SendResult s = store.sendMessage(r);
        System.out.println("sent '" + r.messageBody() + "'" + (r.messageGroupId() != null
                ? " group " + r.messageGroupId() + " seq " + s.sequenceNumber() : "") + " -> " + s.messageId());
        return s;
    }

    private static void print(String what, List<ReceivedMessage> messages) {
        System.out.println(what + ": " + messages.size() + " message(s)");
        for (ReceivedMessage m : messages) {
            System.out.println("  '" + m.body() + "'" + (m.messageGroupId() != null ? " group " + m.messageGroupId() : "")
                    + " receive count " + m.receiveCount() + " id " + m.messageId());
        }
    }
}
