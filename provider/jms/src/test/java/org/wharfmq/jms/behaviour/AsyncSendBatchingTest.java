package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.CountingStores;
import org.wharfmq.jms.testing.TestStores;

/** Asynchronous sends that pile up behind a busy completion thread go out together, each completed on its own. */
class AsyncSendBatchingTest {

    /** Records each outcome in order; the first completion holds the session's completion thread until released. */
    private static final class Outcomes implements CompletionListener {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch done;
        final List<String> seen = new CopyOnWriteArrayList<>();
        final List<Message> sent = new CopyOnWriteArrayList<>();

        Outcomes(int sends) {
            done = new CountDownLatch(sends);
        }

        @Override
        public void onCompletion(Message message) {
            sent.add(message);
            record(message, "sent");
        }

        @Override
        public void onException(Message message, Exception exception) {
            record(message, "failed " + ((JMSException) exception).getErrorCode());
        }

        private void record(Message message, String outcome) {
            try {
                seen.add(((TextMessage) message).getText() + " " + outcome);
                if (seen.size() == 1) {
                    entered.countDown();
                    assertTrue(release.await(10, TimeUnit.SECONDS));
                }
            } catch (JMSException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
            done.countDown();
        }

        /** Sends {@code first}, waits until its completion holds the thread, sends {@code rest}, lets all finish. */
        void sendBehindTheFirst(MessageProducer p, Message first, List<Message> rest) throws Exception {
            p.send(first, this);
            assertTrue(entered.await(10, TimeUnit.SECONDS));
            for (Message m : rest) {
                p.send(m, this);
            }
            release.countDown();
            assertTrue(done.await(30, TimeUnit.SECONDS), "outcomes so far: " + seen);
        }
    }

    @Test
    void sendsThatPileUpGoOutTenToARequest() throws Exception {
        assumeFalse(TestStores.offers("MessageOptions"), "sends with MessageOptions have no batch form");
        String url = CountingStores.url(TestStores.url("asyncbatch"));
        try (Connection c = new WharfConnectionFactory(url).createConnection()) {
            c.start();
            Session s = c.createSession();
            Queue q = s.createQueue("piled");
            List<Message> rest = new ArrayList<>();
            List<String> expected = new ArrayList<>(List.of("m0 sent"));
            for (int i = 1; i <= 12; i++) {
                rest.add(s.createTextMessage("m" + i));
                expected.add("m" + i + " sent");
            }
            Outcomes outcomes = new Outcomes(13);
            outcomes.sendBehindTheFirst(s.createProducer(q), s.createTextMessage("m0"), rest);

            assertEquals(expected, outcomes.seen);
            assertEquals(1, CountingStores.calls(url, "sendMessage"));
            assertEquals(2, CountingStores.calls(url, "sendMessageBatch"));
            Set<String> ids = new HashSet<>();
            for (Message m : outcomes.sent) {
                assertNotNull(m.getJMSMessageID());
                ids.add(m.getJMSMessageID());
            }
            assertEquals(13, ids.size());
            MessageConsumer consumer = s.createConsumer(q);
            Set<String> received = new HashSet<>();
            for (int i = 0; i < 13; i++) {
                received.add(consumer.receive(5000).getJMSMessageID());
            }
            assertEquals(ids, received);
        }
    }

    @Test
    void eachSendOfABatchGetsItsOwnOutcomeInOrder() throws Exception {
        try (Connection c = new WharfConnectionFactory(TestStores.url("asyncmixed")).createConnection()) {
            c.start();
            Session s = c.createSession();
            Queue q = s.createQueue("mixed.fifo");
            List<Message> rest = new ArrayList<>();
            for (String text : new String[] {"grouped-1", "ungrouped", "grouped-2"}) {
                TextMessage m = s.createTextMessage(text);
                if (text.startsWith("grouped")) {
                    m.setStringProperty("JMSXGroupID", "g");
                }
                m.setStringProperty("JMS_Wharf_DeduplicationId", text);
                rest.add(m);
            }
            TextMessage first = s.createTextMessage("grouped-0");
            first.setStringProperty("JMSXGroupID", "g");
            first.setStringProperty("JMS_Wharf_DeduplicationId", "grouped-0");
            Outcomes outcomes = new Outcomes(4);
            outcomes.sendBehindTheFirst(s.createProducer(q), first, rest);

            assertEquals(List.of("grouped-0 sent", "grouped-1 sent", "ungrouped failed MissingParameter",
                    "grouped-2 sent"), outcomes.seen);
            MessageConsumer consumer = s.createConsumer(q);
            for (String text : new String[] {"grouped-0", "grouped-1", "grouped-2"}) {
                assertEquals(text, ((TextMessage) consumer.receive(5000)).getText());
            }
            assertNull(consumer.receive(300));
        }
    }

    @Test
    void sendsTooLargeTogetherForTheQueueGoOneByOne() throws Exception {
        WharfConnectionFactory factory = new WharfConnectionFactory(TestStores.url("asyncsize"));
        factory.admin().createQueue("small", Map.of("MaximumMessageSize", "1024"));
        try (Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession();
            Queue q = s.createQueue("small");
            List<Message> rest = List.of(s.createTextMessage("a".repeat(600)), s.createTextMessage("b".repeat(600)));
            Outcomes outcomes = new Outcomes(3);
            outcomes.sendBehindTheFirst(s.createProducer(q), s.createTextMessage("first"), rest);

            assertEquals(List.of("first sent", "a".repeat(600) + " sent", "b".repeat(600) + " sent"), outcomes.seen);
        }
    }
}
