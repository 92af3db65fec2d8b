package org.wharfmq.ra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.WharfTopic;

/** An administered queue or topic equals Wharf's own of the same name both ways, as a received JMSReplyTo is compared with it. */
class AdministeredDestinationEqualityTest {

    @Test
    void anAdministeredQueueAndWharfsQueueOfOneNameAreEqualBothWays() {
        AdministeredQueue administered = new AdministeredQueue();
        administered.setName("MY_QUEUE");
        WharfQueue own = new WharfQueue("MY_QUEUE");
        assertEquals(administered, own);
        assertEquals(own, administered);
        assertEquals(administered.hashCode(), own.hashCode());
        assertNotEquals(administered, new WharfQueue("OTHER"));
        assertNotEquals(new WharfTopic("MY_QUEUE"), administered);
    }

    @Test
    void anAdministeredTopicAndWharfsTopicOfOneNameAreEqualBothWays() {
        AdministeredTopic administered = new AdministeredTopic();
        administered.setName("MY_TOPIC");
        WharfTopic own = new WharfTopic("MY_TOPIC");
        assertEquals(administered, own);
        assertEquals(own, administered);
        assertEquals(administered.hashCode(), own.hashCode());
        assertNotEquals(own, new WharfQueue("MY_TOPIC"));
    }
}
