package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

/**
 * The rule of {@link DeadLetterIT}, for the tests of each store: run in an application whose MDB
 * on {@code queue} records each delivery in the {@link Journal} under the queue's name, then throws.
 */
public final class DeadLetterCheck {

    private DeadLetterCheck() {
    }

    /**
     * Sends a message to {@code queueJndi} (store queue {@code queue}, {@code maxReceives} receives
     * before its dead-letter queue {@code deadLetterJndi}), then checks that the MDB got it exactly
     * {@code maxReceives} times with JMSXDeliveryCount 1, 2, ... and that the dead-letter queue then
     * holds it with the same JMSMessageID and body.
     */
    public static void failingMessageIsRedeliveredThenMovedToTheDeadLetterQueueWithItsId(Sender sender,
            Journal journal, String queueJndi, String queue, String deadLetterJndi, int maxReceives) throws Exception {
        String text = "poison " + UUID.randomUUID();
        String id = sender.send(queueJndi, text, null);

        Awaits.until(() -> deliveries(journal, queue, text).size() >= maxReceives, Duration.ofSeconds(30),
                maxReceives + " deliveries");
        Message dead = null;
        for (int i = 0; i < 10 && dead == null; i++) {
            Message m = sender.receive(deadLetterJndi, 3000);
            if (m != null && text.equals(((TextMessage) m).getText())) {
                dead = m;
            }
        }

        assertNotNull(dead, "the message is in the dead-letter queue");
        assertEquals(id, dead.getJMSMessageID());
        List<Delivery> tries = deliveries(journal, queue, text);
        assertEquals(IntStream.rangeClosed(1, maxReceives).boxed().toList(),
                tries.stream().map(Delivery::deliveryCount).toList(), "JMSXDeliveryCount of each delivery");
        tries.forEach(d -> assertEquals(id, d.messageId()));
    }

    private static List<Delivery> deliveries(Journal journal, String queue, String text) {
        return journal.deliveries(queue).stream().filter(d -> d.text().equals(text)).toList();
    }
}
