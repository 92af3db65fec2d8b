package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.UUID;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.transaction.UserTransaction;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A web component's connection, taken before its first UserTransaction, with a session, consumer
 * and producer made in that transaction and used again in the next ones (the shape of the
 * in-container TCK's ee/ejbweb/xa tests). The test methods run in the server, in a servlet.
 */
@ExtendWith(ArquillianExtension.class)
public class UserTransactionSpanIT {
    private static final String QUEUE = "it-ut-span";

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("utspan", UserTransactionSpanIT.class);
    }

    private interface Step {
        void run(UserTransaction ut, Session session, MessageConsumer consumer, MessageProducer producer,
                 String run) throws Exception;
    }

    private static void span(Step step) throws Exception {
        InitialContext jndi = new InitialContext();
        ConnectionFactory factory = spanningFactory(jndi);
        UserTransaction ut = (UserTransaction) jndi.lookup("java:comp/UserTransaction");
        String run = UUID.randomUUID().toString();
        try (Connection connection = factory.createConnection()) {
            connection.start();
            ut.begin();
            Session session = connection.createSession(true, 0);
            Queue queue = session.createQueue(QUEUE);
            MessageConsumer consumer = session.createConsumer(queue, "run = '" + run + "'");
            MessageProducer producer = session.createProducer(queue);
            step.run(ut, session, consumer, producer, run);
        }
    }

    /**
     * On WildFly the adapter's connection definition, whose pool keeps a connection across
     * transactions ({@code tracking="false"}, docs/deploy-wildfly.md): WildFly closes the
     * connection of a pool that tracks it at the first commit. Payara keeps it, and has no such
     * name: the application's factory serves there.
     */
    private static ConnectionFactory spanningFactory(InitialContext jndi) throws NamingException {
        try {
            return (ConnectionFactory) jndi.lookup("java:jboss/wharf/ConnectionFactory");
        } catch (NamingException e) {
            return (ConnectionFactory) jndi.lookup(Resources.CF);
        }
    }

    private static Message tagged(Session session, String run) throws Exception {
        Message m = session.createTextMessage("sent " + run);
        m.setStringProperty("run", run);
        return m;
    }

    @Test
    @OperateOnDeployment("app")
    public void aCommittedSendIsReceivedInTheNextTransactionThroughTheSameConsumer() throws Exception {
        span((ut, session, consumer, producer, run) -> {
            producer.send(tagged(session, run));
            ut.commit();
            ut.begin();
            Message m = consumer.receive(10_000);
            ut.commit();
            assertNotNull(m, "the message sent in the first transaction");
            assertEquals("sent " + run, m.getBody(String.class));
            ut.begin();
            assertNull(consumer.receive(500), "the receive was committed: nothing is left");
            ut.commit();
        });
    }

    @Test
    @OperateOnDeployment("app")
    public void aRolledBackReceiveComesBackRedeliveredToTheSameConsumer() throws Exception {
        span((ut, session, consumer, producer, run) -> {
            producer.send(tagged(session, run));
            ut.commit();
            ut.begin();
            assertNotNull(consumer.receive(10_000), "the message sent in the first transaction");
            ut.rollback();
            ut.begin();
            Message again = consumer.receive(10_000);
            ut.commit();
            assertNotNull(again, "the message whose receive was rolled back");
            assertEquals(true, again.getJMSRedelivered());
        });
    }

    @Test
    @OperateOnDeployment("app")
    public void aRolledBackSendIsNeverReceived() throws Exception {
        span((ut, session, consumer, producer, run) -> {
            producer.send(tagged(session, run));
            ut.rollback();
            ut.begin();
            assertNull(consumer.receive(1_000), "the send was rolled back");
            ut.commit();
        });
    }
}
