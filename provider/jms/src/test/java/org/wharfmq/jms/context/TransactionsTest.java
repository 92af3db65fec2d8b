package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.jms.context.Stores.ARRIVES;
import static org.wharfmq.jms.context.Stores.NOTHING;

import jakarta.jms.CompletionListener;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.TransactionInProgressRuntimeException;
import jakarta.jms.XAJMSContext;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** SESSION_TRANSACTED and XA contexts. */
class TransactionsTest {
    private static final WharfConnectionFactory FACTORY = Stores.factory("transactions");

    @Test
    void commitMakesTheSentMessagesVisible() {
        TestStores.assumeOffers("Transactions", "a transacted JMSContext");
        try (JMSContext tx = FACTORY.createContext(JMSContext.SESSION_TRANSACTED);
             JMSContext reader = FACTORY.createContext()) {
            Queue queue = tx.createQueue(Stores.unique("q"));
            tx.createProducer().send(queue, "a");
            JMSConsumer consumer = reader.createConsumer(queue);
            assertNull(consumer.receive(NOTHING));
            tx.commit();
            assertEquals("a", consumer.receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void rollbackDiscardsTheSentMessages() {
        TestStores.assumeOffers("Transactions", "a transacted JMSContext");
        try (JMSContext tx = FACTORY.createContext(JMSContext.SESSION_TRANSACTED);
             JMSContext reader = FACTORY.createContext()) {
            Queue queue = tx.createQueue(Stores.unique("q"));
            tx.createProducer().send(queue, "a");
            tx.rollback();
            tx.createProducer().send(queue, "b");
            tx.commit();
            assertEquals("b", reader.createConsumer(queue).receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void rollbackDeliversTheConsumedMessagesAgain() throws Exception {
        TestStores.assumeOffers("Transactions", "a transacted JMSContext");
        try (JMSContext tx = FACTORY.createContext(JMSContext.SESSION_TRANSACTED)) {
            Queue queue = tx.createQueue(Stores.unique("q"));
            tx.createProducer().send(queue, "a");
            tx.commit();
            JMSConsumer consumer = tx.createConsumer(queue);
            assertNotNull(consumer.receive(ARRIVES));
            tx.rollback();
            Message again = consumer.receive(ARRIVES);
            assertTrue(again.getJMSRedelivered());
            tx.commit();
            assertNull(consumer.receive(NOTHING));
        }
    }

    @Test
    void commitIncludesAsynchronousSendsStillInFlight() {
        TestStores.assumeOffers("Transactions", "a transacted JMSContext");
        try (JMSContext tx = FACTORY.createContext(JMSContext.SESSION_TRANSACTED);
             JMSContext reader = FACTORY.createContext()) {
            Queue queue = tx.createQueue(Stores.unique("q"));
            tx.createProducer().setAsync(new CompletionListener() {
                @Override
                public void onCompletion(Message message) {
                }

                @Override
                public void onException(Message message, Exception exception) {
                }
            }).send(queue, "async");
            tx.commit();
            assertEquals("async", reader.createConsumer(queue).receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void commitOfANonTransactedContextIsIllegalState() {
        try (JMSContext context = FACTORY.createContext()) {
            assertThrows(IllegalStateRuntimeException.class, context::commit);
        }
    }

    @Test
    void rollbackOfANonTransactedContextIsIllegalState() {
        try (JMSContext context = FACTORY.createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
            assertThrows(IllegalStateRuntimeException.class, context::rollback);
        }
    }

    @Test
    void recoverOfATransactedContextIsIllegalState() {
        TestStores.assumeOffers("Transactions", "a transacted JMSContext");
        try (JMSContext context = FACTORY.createContext(JMSContext.SESSION_TRANSACTED)) {
            assertThrows(IllegalStateRuntimeException.class, context::recover);
        }
    }

    @Test
    void xaContextIsTransacted() {
        TestStores.assumeOffers("XaTransactions", "an XA JMSContext");
        try (XAJMSContext xa = FACTORY.createXAContext()) {
            assertTrue(xa.getTransacted());
            assertEquals(JMSContext.SESSION_TRANSACTED, xa.getSessionMode());
        }
    }

    @Test
    void xaContextCannotCommitOrRollBackLocally() {
        TestStores.assumeOffers("XaTransactions", "an XA JMSContext");
        try (XAJMSContext xa = FACTORY.createXAContext()) {
            assertThrows(TransactionInProgressRuntimeException.class, xa::commit);
            assertThrows(TransactionInProgressRuntimeException.class, xa::rollback);
        }
    }

    @Test
    void xaContextIsItsOwnContextAndHasAnXAResource() {
        TestStores.assumeOffers("XaTransactions", "an XA JMSContext");
        try (XAJMSContext xa = FACTORY.createXAContext()) {
            assertSame(xa, xa.getContext());
            assertNotNull(xa.getXAResource());
        }
    }
}
