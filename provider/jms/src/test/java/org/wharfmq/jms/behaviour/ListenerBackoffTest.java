package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.FailingStores;
import org.wharfmq.jms.testing.TestStores;

/**
 * A listener on a thread of its own (a backend that does not tell of arrivals) whose receives fail
 * waits before each next one, 100 ms doubling up to 5 s, so its ExceptionListener is not flooded.
 */
class ListenerBackoffTest {

    @Test
    void failedReceivesOfAListenerAreRetriedLessAndLessOften() throws Exception {
        String url = FailingStores.url(TestStores.url("backoff"));
        FailingStores.failReceives(url, true);
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        List<Long> errors = new CopyOnWriteArrayList<>();
        CountDownLatch five = new CountDownLatch(5);
        try (Connection c = f.createConnection()) {
            c.setExceptionListener(e -> {
                errors.add(System.nanoTime());
                five.countDown();
            });
            Session s = c.createSession(Session.AUTO_ACKNOWLEDGE);
            s.createConsumer(s.createQueue("failing")).setMessageListener(m -> { });
            c.start();
            assertTrue(five.await(20, TimeUnit.SECONDS), "5 failed receives reported: " + errors.size());
            // Waits of 100, 200, 400 and 800 ms between the first five reports.
            long spanMillis = TimeUnit.NANOSECONDS.toMillis(errors.get(4) - errors.get(0));
            assertTrue(spanMillis >= 1_400, "5 reports within " + spanMillis + " ms");
        } finally {
            FailingStores.failReceives(url, false);
            f.close();
        }
    }

    @Test
    void aListenerWhoseReceivesWorkAgainGetsItsMessages() throws Exception {
        String url = FailingStores.url(TestStores.url("backoff"));
        FailingStores.failReceives(url, true);
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        LinkedBlockingQueue<Message> got = new LinkedBlockingQueue<>();
        CountDownLatch failed = new CountDownLatch(2);
        try (Connection c = f.createConnection()) {
            c.setExceptionListener(e -> failed.countDown());
            Session s = c.createSession(Session.AUTO_ACKNOWLEDGE);
            Queue q = s.createQueue("recovering");
            s.createConsumer(q).setMessageListener(got::add);
            c.start();
            assertTrue(failed.await(20, TimeUnit.SECONDS), "receives failed");
            s.createProducer(q).send(s.createTextMessage("after the fault"));
            FailingStores.failReceives(url, false);
            Message m = got.poll(20, TimeUnit.SECONDS);
            assertEquals("after the fault", ((TextMessage) m).getText());
        } finally {
            FailingStores.failReceives(url, false);
            f.close();
        }
    }
}
