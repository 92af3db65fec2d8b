package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import jakarta.ejb.EJB;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * MDBs written to the standard only (destinationLookup, destinationType, messageSelector,
 * subscriptionDurability, clientId, subscriptionName, connectionFactoryLookup) receive through
 * the adapter; only the binding of the MDBs to wharf.rar is server-specific.
 */
@ExtendWith(ArquillianExtension.class)
public class StandardMdbIT {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("standard", StandardQueueMdb.class, StandardTopicMdb.class,
                StandardSelectorMdb.class, StandardTxMdb.class, StandardSender.class, StandardMdbIT.class);
    }

    @EJB
    private StandardSender sender;
    @EJB
    private Journal journal;

    @Test
    @OperateOnDeployment("app")
    public void aQueueNamedByDestinationLookupDelivers() throws Exception {
        String text = "queue " + UUID.randomUUID();
        sender.send(Resources.CF, Resources.STD_QUEUE, text);
        Awaits.until(() -> texts(Resources.STD_QUEUE_NAME).contains(text), WAIT, text);
    }

    @Test
    @OperateOnDeployment("app")
    public void aDurableTopicSubscriptionWithAClientIdDelivers() throws Exception {
        String text = "topic " + UUID.randomUUID();
        sender.send(Resources.CF, Resources.STD_TOPIC, text);
        Awaits.until(() -> texts(Resources.STD_TOPIC_NAME).contains(text), WAIT, text);
    }

    @Test
    @OperateOnDeployment("app")
    public void theSelectorLetsOnlyMatchingMessagesThrough() throws Exception {
        String run = UUID.randomUUID().toString();
        sender.send(Resources.CF, Resources.STD_SELECT, "blue " + run, "color", "blue");
        sender.send(Resources.CF, Resources.STD_SELECT, "red " + run, "color", "red");
        Awaits.until(() -> texts(Resources.STD_SELECT_NAME).contains("red " + run), WAIT, "red " + run);
        // The blue one is still in the queue, for anyone but the MDB.
        assertEquals("blue " + run, sender.receive(Resources.CF, Resources.STD_SELECT,
                "color = 'blue'", WAIT.toMillis()));
        assertFalse(texts(Resources.STD_SELECT_NAME).contains("blue " + run));
    }

    @Test
    @OperateOnDeployment("app")
    public void theLookedUpFactorysStoreDeliversInContainerTransactions() throws Exception {
        String run = UUID.randomUUID().toString();
        // The adapter's own store has a queue of that name too: the MDB does not listen there.
        sender.send(Resources.CF, Resources.STD_TX, "adapter store " + run);
        sender.send(Resources.STD_OTHER_CF, Resources.STD_TX, "other store " + run, "rollback", "once");
        Awaits.until(() -> deliveries("other store " + run).size() == 2, WAIT,
                "the message rolled back once, then delivered again");
        List<Delivery> got = deliveries("other store " + run);
        assertEquals(1, got.get(0).deliveryCount());
        assertEquals(2, got.get(1).deliveryCount());
        assertEquals(got.get(0).messageId(), got.get(1).messageId());
        assertEquals(List.of(), deliveries("adapter store " + run));
        assertEquals("adapter store " + run, sender.receive(Resources.CF, Resources.STD_TX, null, WAIT.toMillis()));
    }

    private List<String> texts(String queue) {
        return journal.deliveries(queue).stream().map(Delivery::text).toList();
    }

    private List<Delivery> deliveries(String text) {
        return journal.deliveries(Resources.STD_TX_NAME).stream().filter(d -> d.text().equals(text)).toList();
    }
}
