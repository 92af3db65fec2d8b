package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import jakarta.ejb.EJB;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A message whose MDB always throws comes back at once, and after maxReceiveCount it is in the dead-letter queue. */
@ExtendWith(ArquillianExtension.class)
public class DeadLetterIT {

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("dlq", PoisonMdb.class, DeadLetterIT.class);
    }

    @EJB
    private Sender sender;
    @EJB
    private Journal journal;

    @Test
    @OperateOnDeployment("app")
    public void failingMessageIsRedeliveredThenMovedToTheDeadLetterQueueWithItsId() throws Exception {
        String text = "poison " + UUID.randomUUID();
        String id = sender.send(Resources.POISON, text, null);

        Awaits.until(() -> deliveries(text).size() >= Resources.POISON_MAX_RECEIVES, Duration.ofSeconds(30),
                Resources.POISON_MAX_RECEIVES + " deliveries");
        Message dead = null;
        for (int i = 0; i < 10 && dead == null; i++) {
            Message m = sender.receive(Resources.POISON_DLQ, 3000);
            if (m != null && text.equals(((TextMessage) m).getText())) {
                dead = m;
            }
        }

        assertNotNull(dead, "the message is in the dead-letter queue");
        assertEquals(id, dead.getJMSMessageID());
        List<Delivery> tries = deliveries(text);
        assertEquals(IntStream.rangeClosed(1, Resources.POISON_MAX_RECEIVES).boxed().toList(),
                tries.stream().map(Delivery::deliveryCount).toList(), "JMSXDeliveryCount of each delivery");
        tries.forEach(d -> assertEquals(id, d.messageId()));
    }

    private List<Delivery> deliveries(String text) {
        return journal.deliveries(Resources.POISON_QUEUE).stream().filter(d -> d.text().equals(text)).toList();
    }
}
