package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.Rules;
import org.wharfmq.store.testing.ManualClock;

/**
 * A watcher hears of every change that may make a message receivable: a send, a release, the next
 * message of a FIFO group, and a delay or visibility timeout that ends with no receive waiting.
 */
public abstract class ArrivalNotificationContract {
    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private ArrivalNotification arrivals;

    /** The backend under test. */
    protected abstract Backend backend();

    /** Opens a store on {@code c}. */
    private void open(Clock c) {
        backend().assumeCapabilities(ArrivalNotification.class);
        service = QueueServices.open(backend().storeUrl("arrivals"), c);
        arrivals = backend().capability(service, ArrivalNotification.class);
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    /** Counts the notices of one watch. */
    private static final class Notices implements Runnable {
        private int count;

        @Override
        public synchronized void run() {
            count++;
            notifyAll();
        }

        synchronized int count() {
            return count;
        }

        /** Waits up to 10 s for a notice after the first {@code seen}; fails naming {@code what} without one. */
        synchronized void awaitMoreThan(int seen, String what) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (count <= seen) {
                long left = deadline - System.nanoTime();
                assertTrue(left > 0, "no notice of " + what + " within 10 s");
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }
    }

    /**
     * Waits for notices after the first {@code seen} until a receive after one finds a message, and
     * returns it; fails if 10 s pass with no notice. A notice may come of a change that makes
     * nothing receivable yet: the receive after it finds nothing and the wait goes on.
     */
    private ReceivedMessage receiveOnNotice(String url, Notices notices, int seen, String what)
            throws InterruptedException {
        while (true) {
            notices.awaitMoreThan(seen, what);
            seen = notices.count();
            List<ReceivedMessage> got = receive(url);
            if (!got.isEmpty()) {
                return got.get(0);
            }
        }
    }

    private List<ReceivedMessage> receive(String url) {
        return service.receiveMessage(new ReceiveMessageRequest(url, 10, null, 0, null));
    }

    @Test
    void aSendIsNoticed() throws Exception {
        open(clock);
        String url = service.createQueue("sent", Map.of());
        Notices notices = new Notices();
        arrivals.watch(url, notices);

        service.sendMessage(SendMessageRequest.of(url, "a"));

        notices.awaitMoreThan(0, "a send");
        assertEquals("a", receive(url).get(0).body());
    }

    @Test
    void aReleasedMessageIsNoticed() throws Exception {
        open(clock);
        String url = service.createQueue("released", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "a"));
        ReceivedMessage first = receive(url).get(0);
        Notices notices = new Notices();
        arrivals.watch(url, notices);

        service.changeMessageVisibility(url, first.receiptHandle(), 0);

        notices.awaitMoreThan(0, "a release");
        assertEquals(first.messageId(), receive(url).get(0).messageId());
    }

    @Test
    void theEndOfAVisibilityTimeoutIsNoticedWithNoReceiveWaiting() throws Exception {
        backend().differs(Rules.SERVER_CLOCK);
        open(Clock.systemUTC());
        String url = service.createQueue("timed-out", Map.of("VisibilityTimeout", "1"));
        service.sendMessage(SendMessageRequest.of(url, "a"));
        ReceivedMessage first = receive(url).get(0);
        Notices notices = new Notices();
        arrivals.watch(url, notices);

        ReceivedMessage again = receiveOnNotice(url, notices, 0, "a visibility timeout set before the watch ending");
        assertEquals(first.messageId(), again.messageId());
    }

    @Test
    void theEndOfADelayIsNoticedWithNoReceiveWaiting() throws Exception {
        backend().differs(Rules.SERVER_CLOCK);
        open(Clock.systemUTC());
        String url = service.createQueue("delayed", Map.of("DelaySeconds", "1"));
        Notices notices = new Notices();
        arrivals.watch(url, notices);
        service.sendMessage(SendMessageRequest.of(url, "a"));
        int afterSend = notices.count();

        assertEquals("a", receiveOnNotice(url, notices, afterSend, "a delay ending").body());
    }

    @Test
    void theNextMessageOfAFifoGroupIsNoticedWhenTheFirstIsDeleted() throws Exception {
        open(clock);
        String url = service.createQueue("grouped.fifo", Map.of());
        service.sendMessage(SendMessageRequest.fifo(url, "a1", "a", "1"));
        service.sendMessage(SendMessageRequest.fifo(url, "a2", "a", "2"));
        ReceivedMessage first = service.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0);
        assertTrue(receive(url).isEmpty(), "the group is held while a1 is in flight");
        Notices notices = new Notices();
        arrivals.watch(url, notices);

        service.deleteMessage(url, first.receiptHandle());

        notices.awaitMoreThan(0, "the group's next message");
        assertEquals("a2", receive(url).get(0).body());
    }

    @Test
    void aClosedWatchHearsNothing() throws Exception {
        open(clock);
        String url = service.createQueue("closed", Map.of());
        Notices closed = new Notices();
        Notices open = new Notices();
        arrivals.watch(url, closed).close();
        arrivals.watch(url, open);

        service.sendMessage(SendMessageRequest.of(url, "a"));

        open.awaitMoreThan(0, "a send");
        assertEquals(0, closed.count(), "notices after the watch closed");
    }

    @Test
    void aQueueCreatedAgainUnderItsNameIsStillWatched() throws Exception {
        open(clock);
        String url = service.createQueue("again", Map.of());
        Notices notices = new Notices();
        arrivals.watch(url, notices);
        service.deleteQueue(url);
        clock.advanceSeconds(61);
        String again = service.createQueue("again", Map.of());
        int before = notices.count();

        service.sendMessage(SendMessageRequest.of(again, "a"));

        notices.awaitMoreThan(before, "a send to the queue created again");
    }

    @Test
    void watchingAMissingQueueIsQueueDoesNotExist() {
        open(clock);
        String url = service.createQueue("present", Map.of());
        String missing = url.substring(0, url.lastIndexOf('/') + 1) + "missing";

        QueueServiceException e = assertThrows(QueueServiceException.class,
                () -> arrivals.watch(missing, () -> { }));

        assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code());
    }
}
