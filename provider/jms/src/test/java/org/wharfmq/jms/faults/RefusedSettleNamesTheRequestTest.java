package org.wharfmq.jms.faults;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TransactionRolledBackException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * On SQS, an acknowledgement or commit the server refuses because the visibility timeout ended
 * names the request that was refused, and the messages by JMSMessageID, not by receipt handle.
 */
class RefusedSettleNamesTheRequestTest {
    private Connection connection;

    @BeforeEach
    void connect() throws JMSException {
        assumeTrue(TestStores.sqs(), "the SQS requests are named on the SQS backend");
        String url = TestStores.withOptions(TestStores.url("refused"), "visibilityTimeout=1");
        connection = new WharfConnectionFactory(url).createConnection();
        connection.start();
    }

    @AfterEach
    void close() throws JMSException {
        if (connection != null) {
            connection.close();
        }
    }

    /** Receives {@code n} messages of {@code q} in a CLIENT_ACKNOWLEDGE session, then lets another session take them again. */
    private Message[] receivedThenTakenAgain(Session s, Queue q, int n) throws JMSException {
        Session plain = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        for (int i = 0; i < n; i++) {
            plain.createProducer(q).send(plain.createTextMessage("m" + i));
        }
        MessageConsumer c = s.createConsumer(q);
        Message[] got = new Message[n];
        for (int i = 0; i < n; i++) {
            got[i] = c.receive(5000);
            assertNotNull(got[i]);
        }
        Session other = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer thief = other.createConsumer(q);
        for (int i = 0; i < n; i++) {
            assertNotNull(thief.receive(5000), "taken again after the visibility timeout");
        }
        return got;
    }

    @Test
    void aLateAcknowledgementOfOneMessageNamesDeleteMessage() throws JMSException {
        Session s = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Message[] got = receivedThenTakenAgain(s, s.createQueue("late-one"), 1);

        JMSException e = assertThrows(JMSException.class, got[0]::acknowledge);

        assertTrue(e.getMessage().contains("DeleteMessage from "), e.getMessage());
        assertTrue(e.getMessage().contains(got[0].getJMSMessageID()), e.getMessage());
    }

    @Test
    void aLateAcknowledgementOfSeveralNamesDeleteMessageBatch() throws JMSException {
        Session s = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Message[] got = receivedThenTakenAgain(s, s.createQueue("late-two"), 2);

        JMSException e = assertThrows(JMSException.class, got[1]::acknowledge);

        assertTrue(e.getMessage().contains("DeleteMessageBatch from "), e.getMessage());
        assertTrue(e.getMessage().contains(got[0].getJMSMessageID()), e.getMessage());
    }

    @Test
    void aLateCommitNamesTheRequestThatRefusedIt() throws JMSException {
        Session s = connection.createSession(true, Session.SESSION_TRANSACTED);
        Message[] got = receivedThenTakenAgain(s, s.createQueue("late-tx"), 1);

        TransactionRolledBackException e = assertThrows(TransactionRolledBackException.class, s::commit);

        assertTrue(e.getMessage().contains("ChangeMessageVisibilityBatch"), e.getMessage());
        assertTrue(e.getMessage().contains(got[0].getJMSMessageID()), e.getMessage());
    }
}
