package org.wharfmq.cli;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wharfmq.jms.management.MessageView;
import org.wharfmq.jms.management.MoveTaskView;

/** How the tool shows the store's values: as JSON objects and as text. */
final class Views {
    private Views() {
    }

    /** {@code seconds} as 45s, 3m05s, 2h03m or 4d02h; "-" when negative (unknown). */
    static String age(long seconds) {
        if (seconds < 0) {
            return "-";
        }
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format("%dm%02ds", seconds / 60, seconds % 60);
        }
        if (seconds < 86400) {
            return String.format("%dh%02dm", seconds / 3600, seconds % 3600 / 60);
        }
        return String.format("%dd%02dh", seconds / 86400, seconds % 86400 / 3600);
    }

    /** Epoch milliseconds as an ISO-8601 instant; "-" for 0. */
    static String time(long epochMillis) {
        return epochMillis == 0 ? "-" : Instant.ofEpochMilli(epochMillis).toString();
    }

    static Map<String, Object> message(MessageView m) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("messageId", m.getMessageId());
        v.put("type", m.getType());
        v.put("timestamp", m.getTimestamp());
        v.put("correlationId", m.getCorrelationId());
        v.put("redelivered", m.isRedelivered());
        v.put("deliveryCount", m.getDeliveryCount());
        v.put("groupId", m.getGroupId());
        v.put("priority", m.getPriority());
        v.put("expiration", m.getExpiration());
        v.put("properties", new TreeMap<>(m.getProperties()));
        v.put("bodySize", m.getBodySize());
        v.put("bodyPreview", m.getBodyPreview());
        return v;
    }

    /** Prints each message as a block: headers, properties, body preview. */
    static void printMessages(PrintWriter out, List<MessageView> messages) {
        for (MessageView m : messages) {
            out.println(m.getMessageId());
            out.printf("  type %s, sent %s, delivery count %d%s, priority %d, expires %s%n", m.getType(),
                    time(m.getTimestamp()), m.getDeliveryCount(), m.isRedelivered() ? " (redelivered)" : "",
                    m.getPriority(), m.getExpiration() == 0 ? "never" : time(m.getExpiration()));
            if (!m.getGroupId().isEmpty() || !m.getCorrelationId().isEmpty()) {
                out.printf("  group %s, correlation id %s%n", orDash(m.getGroupId()), orDash(m.getCorrelationId()));
            }
            new TreeMap<>(m.getProperties()).forEach((k, v) -> out.printf("  %s = %s%n", k, v));
            String size = m.getBodySize() < 0 ? "size unknown"
                    : m.getBodySize() + (m.getType().equals("BytesMessage") ? " bytes" : " characters");
            out.printf("  body (%s): %s%n", size, m.getBodyPreview());
        }
        out.flush();
    }

    static Map<String, Object> task(MoveTaskView t) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("taskHandle", t.getTaskHandle());
        v.put("status", t.getStatus());
        v.put("sourceQueue", t.getSourceQueue());
        v.put("destinationQueue", t.getDestinationQueue());
        v.put("maxMessagesPerSecond", t.getMaxMessagesPerSecond());
        v.put("approximateNumberOfMessagesMoved", t.getApproximateNumberOfMessagesMoved());
        v.put("approximateNumberOfMessagesToMove", t.getApproximateNumberOfMessagesToMove());
        v.put("failureReason", t.getFailureReason());
        v.put("startedTimestamp", t.getStartedTimestamp());
        return v;
    }

    static String orDash(String s) {
        return s == null || s.isEmpty() ? "-" : s;
    }
}
