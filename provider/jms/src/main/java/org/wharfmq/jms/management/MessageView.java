package org.wharfmq.jms.management;

import java.util.Map;
import javax.management.ConstructorParameters;

/**
 * A message as {@link StoreMXBean#browse} and {@link StoreMXBean#receive} give it (an MXBean
 * composite, which a proxy rebuilds through the annotated constructor).
 */
public final class MessageView {
    /** The most characters of a body that {@link #getBodyPreview} shows. */
    public static final int PREVIEW_CHARS = 1024;

    private final String messageId;
    private final String type;
    private final long timestamp;
    private final String correlationId;
    private final boolean redelivered;
    private final int deliveryCount;
    private final String groupId;
    private final int priority;
    private final long expiration;
    private final Map<String, String> properties;
    private final long bodySize;
    private final String bodyPreview;

    @ConstructorParameters({"messageId", "type", "timestamp", "correlationId", "redelivered", "deliveryCount",
            "groupId", "priority", "expiration", "properties", "bodySize", "bodyPreview"})
    public MessageView(String messageId, String type, long timestamp, String correlationId, boolean redelivered,
                       int deliveryCount, String groupId, int priority, long expiration,
                       Map<String, String> properties, long bodySize, String bodyPreview) {
        this.messageId = messageId;
        this.type = type;
        this.timestamp = timestamp;
        this.correlationId = correlationId;
        this.redelivered = redelivered;
        this.deliveryCount = deliveryCount;
        this.groupId = groupId;
        this.priority = priority;
        this.expiration = expiration;
        this.properties = Map.copyOf(properties);
        this.bodySize = bodySize;
        this.bodyPreview = bodyPreview;
    }

    /** JMSMessageID. */
    public String getMessageId() {
        return messageId;
    }

    /** TextMessage, BytesMessage, MapMessage, ObjectMessage, StreamMessage or Message. */
    public String getType() {
        return type;
    }

    /** JMSTimestamp, epoch milliseconds. */
    public long getTimestamp() {
        return timestamp;
    }

    /** JMSCorrelationID; empty when none. */
    public String getCorrelationId() {
        return correlationId;
    }

    /** JMSRedelivered. */
    public boolean isRedelivered() {
        return redelivered;
    }

    /** JMSXDeliveryCount. */
    public int getDeliveryCount() {
        return deliveryCount;
    }

    /** JMSXGroupID; empty when none. */
    public String getGroupId() {
        return groupId;
    }

    /** JMSPriority. */
    public int getPriority() {
        return priority;
    }

    /** JMSExpiration, epoch milliseconds; 0: never. */
    public long getExpiration() {
        return expiration;
    }

    /** Every property of the message, values as strings. */
    public Map<String, String> getProperties() {
        return properties;
    }

    /** Characters of a text, bytes of a BytesMessage; -1 when unknown. */
    public long getBodySize() {
        return bodySize;
    }

    /**
     * At most {@value #PREVIEW_CHARS} characters of the body: a text as it is, bytes as text when they
     * are valid UTF-8 and in hex otherwise, a map, stream or object as a short summary.
     */
    public String getBodyPreview() {
        return bodyPreview;
    }
}
