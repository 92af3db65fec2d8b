package org.wharfmq.store.contract.durability;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.testing.ManualClock;

/**
 * The child JVM of {@link CrashContract}: works on a durable store until it is killed, and reports
 * on stdout only what the store has returned. Arguments: {@code send|receive <store url> <queue>}.
 * It runs on the test's class path, so it opens whatever backend the test runs.
 */
public final class CrashWorker {
    /** Written before the line end so that the test can tell a line cut short by the kill. */
    static final String END = " .";

    private CrashWorker() {
    }

    public static void main(String[] args) throws Exception {
        exitWhenParentGoes();
        PrintStream out = System.out;
        // The same start as the test's ManualClock, so that both agree on visibility deadlines.
        QueueService service = QueueServices.open(args[1], new ManualClock());
        String url = service.getQueueUrl(args[2]);
        if (args[0].equals("send")) {
            for (int i = 0; i < 1_000_000; i++) {
                SendResult sent = service.sendMessage(SendMessageRequest.of(url, "m-" + i));
                out.println("SENT " + i + " " + sent.messageId() + END);
                out.flush();
            }
        } else {
            List<ReceivedMessage> got = service.receiveMessage(
                    ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(30));
            ReceivedMessage m = got.get(0);
            out.println("RECEIVED " + m.messageId() + " " + m.receiveCount() + END);
            out.flush();
        }
        // Never close the store: the test kills this process.
        new CountDownLatch(1).await();
    }

    /** Stdin closes when the test JVM dies; do not outlive it. */
    private static void exitWhenParentGoes() {
        Thread watcher = new Thread(() -> {
            try (InputStream in = System.in) {
                while (in.read() >= 0) {
                    // ignore input
                }
            } catch (IOException e) {
                // treated as the end of stdin
            }
            Runtime.getRuntime().halt(3);
        }, "parent-watcher");
        watcher.setDaemon(true);
        watcher.start();
    }
}
