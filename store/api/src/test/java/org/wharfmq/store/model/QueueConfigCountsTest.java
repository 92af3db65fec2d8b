package org.wharfmq.store.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which GetQueueAttributes requests show a count of messages, so that a backend counts only for those. */
class QueueConfigCountsTest {

    @Test
    void allNoNamesAndEachCountAskForCounts() {
        assertTrue(QueueConfig.countsAsked(null));
        assertTrue(QueueConfig.countsAsked(List.of("All")));
        for (String n : List.of("ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible",
                "ApproximateNumberOfMessagesDelayed")) {
            assertTrue(QueueConfig.countsAsked(List.of("VisibilityTimeout", n)), n);
        }
    }

    @Test
    void settingsAloneAskForNoCountAndShowNone() {
        List<String> names = List.of("VisibilityTimeout", "RedrivePolicy", "QueueArn");
        assertFalse(QueueConfig.countsAsked(names));
        Map<String, String> shown = QueueConfig.defaults(false, 300).describe("q", 0, 0, 0, 0, 0, names);
        assertEquals(List.of("VisibilityTimeout", "QueueArn"), List.copyOf(shown.keySet()));
    }
}
