package org.wharfmq.store.contract.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.testing.ManualClock;

/** A durable store killed mid-work keeps what it had acknowledged. */
public abstract class CrashContract {
    private static final String EOF = "\u0000EOF";
    private static final int SENDS_BEFORE_KILL = 200;

    @TempDir
    Path dir;

    private Process child;
    private QueueService service;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void crashTestsApply() {
        backend().assumeCrashTests();
    }

    @AfterEach
    void cleanUp() throws InterruptedException {
        if (child != null) {
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
        }
        if (service != null) {
            service.close();
        }
    }

    private String storeUrl() {
        return backend().durableStoreUrl(dir.resolve("store"));
    }

    private QueueService open(ManualClock clock) {
        return QueueServices.open(storeUrl(), clock);
    }

    @Test
    void everyAcknowledgedSendIsThereExactlyOnceAfterKill() throws Exception {
        service = open(new ManualClock());
        String url = service.createQueue("load", Map.of());
        service.close();
        service = null;

        BlockingQueue<String> lines = start("send", "load");
        Map<Integer, String> acknowledged = new LinkedHashMap<>();
        while (acknowledged.size() < SENDS_BEFORE_KILL) {
            addSent(acknowledged, next(lines));
        }
        kill();
        for (String line = next(lines); !line.equals(EOF); line = next(lines)) {
            addSent(acknowledged, line);
        }

        service = open(new ManualClock());
        Map<String, String> bodyById = new HashMap<>();
        List<String> duplicates = new ArrayList<>();
        for (List<ReceivedMessage> got = receive(url); !got.isEmpty(); got = receive(url)) {
            for (ReceivedMessage m : got) {
                if (bodyById.put(m.messageId(), m.body()) != null) {
                    duplicates.add(m.messageId());
                }
            }
        }
        assertEquals(List.of(), duplicates, "messages delivered twice");
        assertEquals(bodyById.size(), bodyById.values().stream().distinct().count(), "a body stored twice");
        acknowledged.forEach((i, id) -> assertEquals("m-" + i, bodyById.get(id),
                "acknowledged send " + i + " (" + id + ") after the kill"));
    }

    @Test
    void receivedUndeletedMessageReachesDeadLetterQueueAfterKill() throws Exception {
        service = open(new ManualClock());
        String dlq = service.createQueue("jobs-dlq", Map.of());
        String url = service.createQueue("jobs", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"jobs-dlq\",\"maxReceiveCount\":1}"));
        String id = service.sendMessage(SendMessageRequest.of(url, "job")).messageId();
        service.close();
        service = null;

        BlockingQueue<String> lines = start("receive", "jobs");
        String received = next(lines);
        assertEquals("RECEIVED " + id + " 1" + CrashWorker.END, received, () -> "worker stderr:\n" + stderr());
        kill();

        ManualClock clock = new ManualClock();
        service = open(clock);
        assertEquals(List.of(), receive(url), "still in flight after the restart");
        clock.advanceSeconds(31);
        assertEquals(List.of(), receive(url), "its next receive moves it instead of delivering it");
        List<ReceivedMessage> dead = receive(dlq);
        assertEquals(1, dead.size());
        assertEquals(id, dead.get(0).messageId());
        assertEquals("job", dead.get(0).body());
    }

    private List<ReceivedMessage> receive(String url) {
        return service.receiveMessage(ReceiveMessageRequest.of(url, 10).withVisibilityTimeout(600));
    }

    /** Starts the worker; its stdout lines arrive on the returned queue, then {@link #EOF}. */
    private BlockingQueue<String> start(String mode, String queue) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                CrashWorker.class.getName(), mode, storeUrl(), queue);
        builder.redirectError(dir.resolve("worker-stderr.txt").toFile());
        child = builder.start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the pipe breaks when the child is killed; that is the end of its output
            }
            lines.add(EOF);
        }, "crash-worker-stdout");
        reader.setDaemon(true);
        reader.start();
        return lines;
    }

    private void kill() throws InterruptedException {
        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the worker did not die");
    }

    private String next(BlockingQueue<String> lines) throws Exception {
        String line = lines.poll(60, TimeUnit.SECONDS);
        if (line == null) {
            fail("no output from the worker for 60 s; its stderr:\n" + stderr());
        }
        return line;
    }

    /** Records a complete SENT line; a line cut short by the kill is not an acknowledgement. */
    private void addSent(Map<Integer, String> acknowledged, String line) {
        if (line.equals(EOF)) {
            fail("the worker stopped early; its stderr:\n" + stderr());
        }
        if (line.startsWith("SENT ") && line.endsWith(CrashWorker.END)) {
            String[] parts = line.split(" ");
            acknowledged.put(Integer.parseInt(parts[1]), parts[2]);
        }
    }

    private String stderr() {
        Path file = dir.resolve("worker-stderr.txt");
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
