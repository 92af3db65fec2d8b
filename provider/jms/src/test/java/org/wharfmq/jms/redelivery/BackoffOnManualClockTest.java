package org.wharfmq.jms.redelivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.ClockedStores;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.testing.ManualClock;

/**
 * The redelivery backoff on a store whose clock the test moves: after each rollback or recover
 * the message is not receivable one second before its delay ends, and is when it ends.
 */
class BackoffOnManualClockTest {
    private static final String POLICY = "RedeliveryPolicy";

    private String store;
    private ManualClock clock;

    @BeforeEach
    void open() {
        TestStores.assumeDerby("only Derby takes its time from the clock it is opened with");
        store = ClockedStores.url(TestStores.url("backoff"));
        clock = ClockedStores.clock(store);
    }

    private WharfConnectionFactory factory(String options) {
        return new WharfConnectionFactory(options.isEmpty() ? store : TestStores.withOptions(store, options));
    }

    /** A transacted session's consumer of queue {@code name} (created with {@code attributes}), holding one received message. */
    private record Received(Session session, MessageConsumer consumer) {
    }

    private Received receiveOne(Connection c, String name, Map<String, String> attributes, boolean transacted)
            throws JMSException {
        if (!attributes.isEmpty()) {
            factory("").admin().createQueue(name, attributes);
        }
        Session s = transacted ? c.createSession(true, Session.SESSION_TRANSACTED)
                : c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Queue q = s.createQueue(name);
        s.createProducer(q).send(s.createTextMessage("m"));
        if (transacted) {
            s.commit();
        }
        MessageConsumer consumer = s.createConsumer(q);
        assertNotNull(consumer.receiveNoWait());
        return new Received(s, consumer);
    }

    /** Asserts the message comes back exactly {@code seconds} after now, not a second earlier. */
    private void backAfter(MessageConsumer consumer, int seconds) throws JMSException {
        if (seconds > 0) {
            clock.advanceSeconds(seconds - 1);
            assertNull(consumer.receiveNoWait(), "hidden a second before its " + seconds + " s delay ends");
            clock.advanceSeconds(1);
        }
        assertNotNull(consumer.receiveNoWait(), "back when its " + seconds + " s delay ends");
    }

    @Test
    void successiveRollbacksWaitTheInitialDelayTimesTheMultiplierUpToTheMaximum() throws Exception {
        try (Connection c = factory("redeliveryDelay=2&redeliveryMultiplier=3&redeliveryMaxDelay=20")
                .createConnection()) {
            c.start();
            Received r = receiveOne(c, "q", Map.of(), true);
            for (int delay : List.of(2, 6, 18, 20, 20)) {
                r.session().rollback();
                backAfter(r.consumer(), delay);
            }
        }
    }

    @Test
    void recoverWaitsTheQueuesPolicyWithoutAConsumerSetting() throws Exception {
        try (Connection c = factory("").createConnection()) {
            c.start();
            Received r = receiveOne(c, "q", Map.of(POLICY,
                    "{\"initialDelaySeconds\":4,\"multiplier\":1.5,\"maxDelaySeconds\":7}"), false);
            for (int delay : List.of(4, 6, 7)) {
                r.session().recover();
                backAfter(r.consumer(), delay);
            }
        }
    }

    @Test
    void theConnectionsOptionsTakeThePlaceOfTheQueuesPolicy() throws Exception {
        try (Connection c = factory("redeliveryDelay=3").createConnection()) {
            c.start();
            Received r = receiveOne(c, "q", Map.of(POLICY, "{\"initialDelaySeconds\":30}"), true);
            r.session().rollback();
            backAfter(r.consumer(), 3);
        }
    }

    @Test
    void aConnectionDelayOfZeroRedeliversAtOnceWhateverTheQueuesPolicy() throws Exception {
        try (Connection c = factory("redeliveryDelay=0").createConnection()) {
            c.start();
            Received r = receiveOne(c, "q", Map.of(POLICY, "{\"initialDelaySeconds\":30}"), true);
            r.session().rollback();
            backAfter(r.consumer(), 0);
        }
    }

    @Test
    void withoutAnySettingARolledBackMessageIsBackAtOnce() throws Exception {
        try (Connection c = factory("").createConnection()) {
            c.start();
            Received r = receiveOne(c, "q", Map.of(), true);
            r.session().rollback();
            backAfter(r.consumer(), 0);
        }
    }

    @Test
    void aPolicySetThroughTheAdminIsUsedFromTheNextRedelivery() throws Exception {
        WharfConnectionFactory f = factory("");
        try (Connection c = f.createConnection()) {
            c.start();
            Received r = receiveOne(c, "q", Map.of(POLICY, "{\"initialDelaySeconds\":5}"), true);
            r.session().rollback();
            backAfter(r.consumer(), 5);

            f.admin().setQueueAttributes("q", Map.of(POLICY, "{\"initialDelaySeconds\":9}"));

            r.session().rollback();
            backAfter(r.consumer(), 9);
        }
    }

    /** A plain Xid. */
    private record TestXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier)
            implements Xid {
        static TestXid of(String name) {
            return new TestXid(4711, name.getBytes(StandardCharsets.UTF_8), new byte[] {1});
        }
    }

    @Test
    void aRolledBackXaBranchGivesItsMessageBackAfterTheDelay() throws Exception {
        TestStores.assumeOffers("XaTransactions", "an XA session");
        try (XAConnection c = factory("redeliveryDelay=4&redeliveryMultiplier=2").createXAConnection()) {
            c.start();
            XASession s = c.createXASession();
            Queue q = s.createQueue("q");
            try (Session plain = c.createSession()) {
                plain.createProducer(q).send(plain.createTextMessage("m"));
            }
            MessageConsumer consumer = s.createConsumer(q);
            XAResource xa = s.getXAResource();
            for (int round = 1; round <= 3; round++) {
                TestXid xid = TestXid.of("backoff-" + round);
                xa.start(xid, XAResource.TMNOFLAGS);
                assertNotNull(consumer.receiveNoWait());
                xa.end(xid, XAResource.TMFAIL);
                xa.rollback(xid);
                int delay = 4 << (round - 1);
                clock.advanceSeconds(delay - 1);
                assertEquals(0, visible(c, q), "hidden a second before its " + delay + " s delay ends");
                clock.advanceSeconds(1);
                assertEquals(1, visible(c, q), "back when its " + delay + " s delay ends");
            }
        }
    }

    /** How many messages of {@code q} a browser sees. */
    private static int visible(Connection c, Queue q) throws JMSException {
        try (Session s = c.createSession()) {
            return java.util.Collections.list(s.createBrowser(q).getEnumeration()).size();
        }
    }
}
