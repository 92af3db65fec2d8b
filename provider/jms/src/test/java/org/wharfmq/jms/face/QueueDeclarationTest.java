package org.wharfmq.jms.face;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.QueueAdmin.Declared;
import org.wharfmq.jms.QueueDeclaration;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** A queue declaration: applied through QueueAdmin, refused whole naming its bad value, and its dead-letter queue. */
class QueueDeclarationTest {
    private final WharfConnectionFactory factory = new WharfConnectionFactory(TestStores.url("declaration"));

    @AfterEach
    void close() {
        factory.close();
    }

    @Test
    void aDeclarationCreatesItsQueueThenChangesNothing() throws JMSException {
        QueueAdmin admin = factory.admin();
        QueueDeclaration orders = new QueueDeclaration("decl-orders", Map.of("VisibilityTimeout", "17"));
        assertEquals(Declared.CREATED, admin.declare(orders));
        assertEquals(Declared.UNCHANGED, admin.declare(orders));
        assertEquals("17", admin.getQueueAttributes("decl-orders").get("VisibilityTimeout"));
    }

    @Test
    void aBadAttributeValueIsRefusedNamedAndChangesNothing() throws JMSException {
        QueueAdmin admin = factory.admin();
        admin.declare(new QueueDeclaration("decl-bad", Map.of("VisibilityTimeout", "10")));
        JMSException e = assertThrows(JMSException.class, () -> admin.declare(
                new QueueDeclaration("decl-bad", Map.of("VisibilityTimeout", "20", "DelaySeconds", "-1"))));
        assertTrue(e.getMessage().contains("DelaySeconds") && e.getMessage().contains("-1"), e.getMessage());
        assertEquals("10", admin.getQueueAttributes("decl-bad").get("VisibilityTimeout"));
    }

    @Test
    void aDeclarationWithoutANameOrWithAnAttributeWithoutAValueIsRefused() {
        IllegalArgumentException noName = assertThrows(IllegalArgumentException.class,
                () -> new QueueDeclaration(null, Map.of()));
        assertTrue(noName.getMessage().contains("name"), noName.getMessage());
        Map<String, String> attributes = new HashMap<>();
        attributes.put("VisibilityTimeout", null);
        IllegalArgumentException noValue = assertThrows(IllegalArgumentException.class,
                () -> new QueueDeclaration("orders", attributes));
        assertTrue(noValue.getMessage().contains("'orders'") && noValue.getMessage().contains("VisibilityTimeout"),
                noValue.getMessage());
    }

    @Test
    void aDeclarationNamesTheDeadLetterQueueOfItsRedrivePolicyByNameOrArn() {
        assertEquals("orders-dlq", new QueueDeclaration("orders", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"arn:aws:sqs:us-east-1:000000000000:orders-dlq\",\"maxReceiveCount\":3}"))
                .deadLetterName());
        assertEquals("orders-dlq", new QueueDeclaration("orders", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"orders-dlq\",\"maxReceiveCount\":3}")).deadLetterName());
        assertNull(new QueueDeclaration("orders", null).deadLetterName());
        assertFalse(new QueueDeclaration("orders", null).attributes().containsKey("RedrivePolicy"));
    }
}
