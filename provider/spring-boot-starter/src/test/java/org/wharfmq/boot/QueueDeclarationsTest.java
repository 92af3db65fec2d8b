package org.wharfmq.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.QueueDeclaration;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class QueueDeclarationsTest {

    private static Map<String, String> bind(Map<String, String> properties) {
        return new Binder(new MapConfigurationPropertySource(properties))
                .bind("wharf", Bindable.of(WharfProperties.class)).get().getQueues();
    }

    @Test
    void plainAndBracketFormsBothKeepTheDotsOfAQueueName() {
        Map<String, String> queues = bind(Map.of("wharf.queues.orders.fifo.VisibilityTimeout", "60",
                "wharf.queues[audit.fifo].DelaySeconds", "5"));
        assertThat(QueueDeclarations.parse(queues)).containsExactlyInAnyOrder(
                new QueueDeclaration("orders.fifo", Map.of("VisibilityTimeout", "60")),
                new QueueDeclaration("audit.fifo", Map.of("DelaySeconds", "5")));
    }

    @Test
    void attributesOfOneQueueAreGathered() {
        Map<String, String> flat = new LinkedHashMap<>();
        flat.put("orders.VisibilityTimeout", "60");
        flat.put("orders.DelaySeconds", "2");
        assertThat(QueueDeclarations.parse(flat)).containsExactly(
                new QueueDeclaration("orders", Map.of("VisibilityTimeout", "60", "DelaySeconds", "2")));
    }

    @Test
    void deadLetterQueuesComeBeforeTheQueuesThatNameThem() {
        Map<String, String> flat = new LinkedHashMap<>();
        flat.put("orders.RedrivePolicy", "{\"deadLetterTargetArn\":\"orders-dlq\",\"maxReceiveCount\":3}");
        flat.put("payments.RedrivePolicy",
                "{\"deadLetterTargetArn\":\"arn:aws:sqs:ru-central1:1:orders\",\"maxReceiveCount\":3}");
        flat.put("orders-dlq.MessageRetentionPeriod", "1209600");
        List<String> names = QueueDeclarations.parse(flat).stream().map(QueueDeclaration::name).toList();
        assertThat(names).containsExactly("orders-dlq", "orders", "payments");
    }

    @Test
    void aKeyWithoutAnAttributeNameIsRejectedNamingIt() {
        assertThatThrownBy(() -> QueueDeclarations.parse(Map.of("orders", "60")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("wharf.queues.orders=60");
    }

    @Test
    void aRedriveCycleIsRejectedNamingItsQueues() {
        Map<String, String> flat = new LinkedHashMap<>();
        flat.put("a.RedrivePolicy", "{\"deadLetterTargetArn\":\"b\",\"maxReceiveCount\":3}");
        flat.put("b.RedrivePolicy", "{\"deadLetterTargetArn\":\"a\",\"maxReceiveCount\":3}");
        assertThatThrownBy(() -> QueueDeclarations.parse(flat))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a -> b -> a");
    }
}
