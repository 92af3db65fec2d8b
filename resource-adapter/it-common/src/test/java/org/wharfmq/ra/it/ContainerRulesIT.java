package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import jakarta.ejb.EJB;
import jakarta.jms.IllegalStateException;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.Session;
import jakarta.jms.TransactionInProgressException;
import jakarta.jms.TransactionInProgressRuntimeException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Jakarta Messaging 3.1 chapter 12 in an EJB, through the application's Wharf connection factory,
 * outside and inside a container-managed transaction: the calls 12.2 forbids are refused with an
 * IllegalStateException (classic API) or IllegalStateRuntimeException (simplified API) that names
 * them, and 12.3's session behaviour holds.
 */
@ExtendWith(ArquillianExtension.class)
public class ContainerRulesIT {
    private static final String NOT_ALLOWED = " is not allowed in a Jakarta EE component: ";

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("rules", RulesProbe.class, ContainerRulesIT.class);
    }

    @EJB
    private RulesProbe probe;

    /** {@code call} throws {@code type} naming it, outside and inside a transaction. */
    private void refused(String call, Class<? extends Exception> type, String named) {
        String prefix = type.getName() + ": " + named + NOT_ALLOWED;
        String outside = probe.outside(call);
        String inside = probe.inside(call);
        assertAll(() -> assertTrue(outside.startsWith(prefix), "outside a transaction: " + outside),
                () -> assertTrue(inside.startsWith(prefix), "inside a transaction: " + inside));
    }

    /** {@code call} gives {@code outsideWant} outside a transaction and {@code insideWant} inside one. */
    private void gives(String call, String outsideWant, String insideWant) {
        String outside = probe.outside(call);
        String inside = probe.inside(call);
        assertAll(() -> assertEquals(outsideWant, outside, "outside a transaction"),
                () -> assertEquals(insideWant, inside, "inside a transaction"));
    }

    /** {@code call} throws {@code outsideType} outside a transaction and {@code insideType} inside one. */
    private void throwsAs(String call, Class<?> outsideType, Class<?> insideType) {
        String outside = probe.outside(call);
        String inside = probe.inside(call);
        assertAll(() -> assertTrue(outside.startsWith(outsideType.getName() + ": " + call), "outside: " + outside),
                () -> assertTrue(inside.startsWith(insideType.getName() + ": " + call), "inside: " + inside));
    }

    // ---- 12.2: the connection is the container's ----

    @Test
    @OperateOnDeployment("app")
    public void connectionSetClientIdIsRefused() {
        refused("Connection.setClientID", IllegalStateException.class, "Connection.setClientID");
    }

    @Test
    @OperateOnDeployment("app")
    public void connectionSetExceptionListenerIsRefused() {
        refused("Connection.setExceptionListener", IllegalStateException.class, "Connection.setExceptionListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void connectionStopIsRefused() {
        refused("Connection.stop", IllegalStateException.class, "Connection.stop");
    }

    @Test
    @OperateOnDeployment("app")
    public void contextSetClientIdIsRefused() {
        refused("JMSContext.setClientID", IllegalStateRuntimeException.class, "JMSContext.setClientID");
    }

    @Test
    @OperateOnDeployment("app")
    public void contextSetExceptionListenerIsRefused() {
        refused("JMSContext.setExceptionListener", IllegalStateRuntimeException.class,
                "JMSContext.setExceptionListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void contextStopIsRefused() {
        refused("JMSContext.stop", IllegalStateRuntimeException.class, "JMSContext.stop");
    }

    // ---- 12.2: one active session per connection ----

    @Test
    @OperateOnDeployment("app")
    public void aSecondSessionIsRefused() {
        String outside = probe.outside("Connection.createSession twice");
        String inside = probe.inside("Connection.createSession twice");
        String want = IllegalStateException.class.getName() + ": Connection.createSession is not allowed while";
        assertAll(() -> assertTrue(outside.startsWith(want), "outside: " + outside),
                () -> assertTrue(inside.startsWith(want), "inside: " + inside));
    }

    @Test
    @OperateOnDeployment("app")
    public void contextCreateContextIsRefused() {
        refused("JMSContext.createContext", IllegalStateRuntimeException.class, "JMSContext.createContext");
    }

    // ---- 12.2: threads are the container's ----

    @Test
    @OperateOnDeployment("app")
    public void createConnectionConsumerIsRefused() {
        refused("Connection.createConnectionConsumer", IllegalStateException.class,
                "Connection.createConnectionConsumer");
    }

    @Test
    @OperateOnDeployment("app")
    public void createSharedConnectionConsumerIsRefused() {
        refused("Connection.createSharedConnectionConsumer", IllegalStateException.class,
                "Connection.createSharedConnectionConsumer");
    }

    @Test
    @OperateOnDeployment("app")
    public void createDurableConnectionConsumerIsRefused() {
        refused("Connection.createDurableConnectionConsumer", IllegalStateException.class,
                "Connection.createDurableConnectionConsumer");
    }

    @Test
    @OperateOnDeployment("app")
    public void createSharedDurableConnectionConsumerIsRefused() {
        refused("Connection.createSharedDurableConnectionConsumer", IllegalStateException.class,
                "Connection.createSharedDurableConnectionConsumer");
    }

    @Test
    @OperateOnDeployment("app")
    public void sessionSetMessageListenerIsRefused() {
        refused("Session.setMessageListener", IllegalStateException.class, "Session.setMessageListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void sessionGetMessageListenerIsRefused() {
        refused("Session.getMessageListener", IllegalStateException.class, "Session.getMessageListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void sessionRunIsRefused() {
        refused("Session.run", IllegalStateRuntimeException.class, "Session.run");
    }

    @Test
    @OperateOnDeployment("app")
    public void consumerSetMessageListenerIsRefused() {
        refused("MessageConsumer.setMessageListener", IllegalStateException.class,
                "MessageConsumer.setMessageListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void consumerGetMessageListenerIsRefused() {
        refused("MessageConsumer.getMessageListener", IllegalStateException.class,
                "MessageConsumer.getMessageListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void jmsConsumerSetMessageListenerIsRefused() {
        refused("JMSConsumer.setMessageListener", IllegalStateRuntimeException.class,
                "JMSConsumer.setMessageListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void jmsConsumerGetMessageListenerIsRefused() {
        refused("JMSConsumer.getMessageListener", IllegalStateRuntimeException.class,
                "JMSConsumer.getMessageListener");
    }

    // ---- 12.2: no asynchronous send ----

    @Test
    @OperateOnDeployment("app")
    public void asyncSendIsRefused() {
        refused("MessageProducer.send(Message, CompletionListener)", IllegalStateException.class,
                "MessageProducer.send with a CompletionListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void asyncSendWithDeliveryArgumentsIsRefused() {
        refused("MessageProducer.send(Message, int, int, long, CompletionListener)", IllegalStateException.class,
                "MessageProducer.send with a CompletionListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void asyncSendToADestinationIsRefused() {
        refused("MessageProducer.send(Destination, Message, CompletionListener)", IllegalStateException.class,
                "MessageProducer.send with a CompletionListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void asyncSendToADestinationWithDeliveryArgumentsIsRefused() {
        refused("MessageProducer.send(Destination, Message, int, int, long, CompletionListener)",
                IllegalStateException.class, "MessageProducer.send with a CompletionListener");
    }

    @Test
    @OperateOnDeployment("app")
    public void jmsProducerSetAsyncIsRefused() {
        refused("JMSProducer.setAsync", IllegalStateRuntimeException.class, "JMSProducer.setAsync");
    }

    // ---- 12.3: session arguments; the transaction is the server's ----

    @Test
    @OperateOnDeployment("app")
    public void aTransactedSessionIsAutoAcknowledgeOutsideAndTransactedInside() {
        gives("Session mode of createSession(SESSION_TRANSACTED)", "returned false 1", "returned true 0");
    }

    @Test
    @OperateOnDeployment("app")
    public void transactedTrueIsAutoAcknowledgeOutsideAndTransactedInside() {
        gives("Session mode of createSession(true, AUTO_ACKNOWLEDGE)", "returned false 1", "returned true 0");
    }

    @Test
    @OperateOnDeployment("app")
    public void aClientAcknowledgeSessionIsAutoAcknowledgeOutsideAndTransactedInside() {
        gives("Session mode of createSession(CLIENT_ACKNOWLEDGE)", "returned false 1", "returned true 0");
    }

    @Test
    @OperateOnDeployment("app")
    public void aPlainSessionIsAutoAcknowledgeOutsideAndTransactedInside() {
        gives("Session mode of createSession()", "returned false 1", "returned true 0");
    }

    @Test
    @OperateOnDeployment("app")
    public void aTransactedContextIsAutoAcknowledgeOutsideAndTransactedInside() {
        gives("JMSContext mode of createContext(SESSION_TRANSACTED)", "returned false 1", "returned true 0");
    }

    @Test
    @OperateOnDeployment("app")
    public void aClientAcknowledgeContextIsAutoAcknowledgeOutsideAndTransactedInside() {
        gives("JMSContext mode of createContext(CLIENT_ACKNOWLEDGE)", "returned false 1", "returned true 0");
    }

    @Test
    @OperateOnDeployment("app")
    public void sessionCommitIsRefused() {
        throwsAs("Session.commit", IllegalStateException.class, TransactionInProgressException.class);
    }

    @Test
    @OperateOnDeployment("app")
    public void sessionRollbackIsRefused() {
        throwsAs("Session.rollback", IllegalStateException.class, TransactionInProgressException.class);
    }

    @Test
    @OperateOnDeployment("app")
    public void sessionRecoverWorksOutsideOnly() {
        String outside = probe.outside("Session.recover");
        String inside = probe.inside("Session.recover");
        assertAll(() -> assertEquals("returned nothing", outside, "outside a transaction"),
                () -> assertTrue(inside.startsWith(IllegalStateException.class.getName() + ": Session.recover"),
                        "inside: " + inside));
    }

    @Test
    @OperateOnDeployment("app")
    public void contextCommitIsRefused() {
        throwsAs("JMSContext.commit", IllegalStateRuntimeException.class, TransactionInProgressRuntimeException.class);
    }

    @Test
    @OperateOnDeployment("app")
    public void contextRollbackIsRefused() {
        throwsAs("JMSContext.rollback", IllegalStateRuntimeException.class,
                TransactionInProgressRuntimeException.class);
    }

    @Test
    @OperateOnDeployment("app")
    public void contextRecoverWorksOutsideOnly() {
        String outside = probe.outside("JMSContext.recover");
        String inside = probe.inside("JMSContext.recover");
        assertAll(() -> assertEquals("returned nothing", outside, "outside a transaction"),
                () -> assertTrue(inside.startsWith(IllegalStateRuntimeException.class.getName()
                        + ": JMSContext.recover"), "inside: " + inside));
    }

    @Test
    @OperateOnDeployment("app")
    public void aTransactedSessionOutsideATransactionSendsAtOnce() throws Exception {
        String run = UUID.randomUUID().toString();
        assertEquals("sent " + run, probe.sendOutside(Session.SESSION_TRANSACTED, run),
                "received without a commit");
    }

    @Test
    @OperateOnDeployment("app")
    public void anAutoAcknowledgeSessionInsideATransactionSendsOnCommit() throws Exception {
        String run = UUID.randomUUID().toString();
        assertNull(probe.sendInside(Session.AUTO_ACKNOWLEDGE, run), "received before the transaction committed");
        assertEquals("sent " + run, probe.receive(run, 10_000), "received after it committed");
    }
}
