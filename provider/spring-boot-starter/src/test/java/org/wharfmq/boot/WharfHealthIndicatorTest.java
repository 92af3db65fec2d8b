package org.wharfmq.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class WharfHealthIndicatorTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(WharfAutoConfiguration.class));

    @Test
    void upWithTheRedactedUrlAndTheQueueCountWhenTheStoreAnswers() {
        String url = "wharf:memory:" + UUID.randomUUID() + "?user=app&password=secret";
        runner.withPropertyValues("wharf.url=" + url, "wharf.user=app", "wharf.password=secret",
                "wharf.queues.orders.VisibilityTimeout=60", "wharf.queues.audit.DelaySeconds=1").run(context -> {
                    Health health = context.getBean(WharfHealthIndicator.class).health();
                    assertThat(health.getStatus()).isEqualTo(Status.UP);
                    assertThat(health.getDetails()).containsEntry("queues", 2)
                            .containsEntry("url", url.replace("password=secret", "password=***"));
                });
    }

    @Test
    void downWithTheReasonWhenTheStoreCannotBeOpened() {
        runner.withPropertyValues("wharf.url=wharf:nosuch:x?password=secret").run(context -> {
            Health health = context.getBean(WharfHealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("url", "wharf:nosuch:x?password=***");
            assertThat((String) health.getDetails().get("error")).contains("wharf:nosuch:x").doesNotContain("secret");
        });
    }

    @Test
    void canBeTurnedOff() {
        runner.withPropertyValues("management.health.wharf.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(WharfHealthIndicator.class));
    }
}
