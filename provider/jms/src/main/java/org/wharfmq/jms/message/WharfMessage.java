package org.wharfmq.jms.message;

import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotWriteableException;

/** A message without a body: headers, properties, and the read-only state of a received message. */
public class WharfMessage implements Message {
    private static final java.util.Set<String> RESERVED = java.util.Set.of("NULL", "TRUE", "FALSE", "NOT", "AND",
            "OR", "BETWEEN", "LIKE", "IN", "IS", "ESCAPE");
    private String messageId;
    private long timestamp;
    private String correlationId;
    private byte[] correlationIdBytes;
    private Destination replyTo;
    private Destination destination;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private boolean redelivered;
    private String type;
    private long expiration;
    private long deliveryTime;
    private int priority = Message.DEFAULT_PRIORITY;
    private final Map<String, Object> properties = new LinkedHashMap<>();
    private boolean propertiesReadOnly;
    /** True once received: the body may not change until clearBody. */
    protected boolean bodyReadOnly;
    private transient Acknowledger acknowledger;

    // ---- headers ----

    @Override
    public String getJMSMessageID() {
        return messageId;
    }

    @Override
    public void setJMSMessageID(String id) {
        this.messageId = id;
    }

    @Override
    public long getJMSTimestamp() {
        return timestamp;
    }

    @Override
    public void setJMSTimestamp(long value) {
        this.timestamp = value;
    }

    @Override
    public byte[] getJMSCorrelationIDAsBytes() throws JMSException {
        if (correlationIdBytes != null) {
            return correlationIdBytes.clone();
        }
        return correlationId == null ? null : correlationId.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public void setJMSCorrelationIDAsBytes(byte[] value) {
        this.correlationIdBytes = value == null ? null : value.clone();
        this.correlationId = null;
    }

    @Override
    public void setJMSCorrelationID(String value) {
        this.correlationId = value;
        this.correlationIdBytes = null;
    }

    @Override
    public String getJMSCorrelationID() {
        if (correlationId == null && correlationIdBytes != null) {
            return new String(correlationIdBytes, java.nio.charset.StandardCharsets.UTF_8);
        }
        return correlationId;
    }

    /** The correlation id set as bytes, or null. */
    public byte[] correlationIdBytesOrNull() {
        return correlationIdBytes;
    }

    @Override
    public Destination getJMSReplyTo() {
        return replyTo;
    }

    @Override
    public void setJMSReplyTo(Destination value) {
        this.replyTo = value;
    }

    @Override
    public Destination getJMSDestination() {
        return destination;
    }

    @Override
    public void setJMSDestination(Destination value) {
        this.destination = value;
    }

    @Override
    public int getJMSDeliveryMode() {
        return deliveryMode;
    }

    @Override
    public void setJMSDeliveryMode(int value) {
        this.deliveryMode = value;
    }

    @Override
    public boolean getJMSRedelivered() {
        return redelivered;
    }

    @Override
    public void setJMSRedelivered(boolean value) {
        this.redelivered = value;
    }

    @Override
    public String getJMSType() {
        return type;
    }

    @Override
    public void setJMSType(String value) {
        this.type = value;
    }

    @Override
    public long getJMSExpiration() {
        return expiration;
    }

    @Override
    public void setJMSExpiration(long value) {
        this.expiration = value;
    }

    @Override
    public long getJMSDeliveryTime() {
        return deliveryTime;
    }

    @Override
    public void setJMSDeliveryTime(long value) {
        this.deliveryTime = value;
    }

    @Override
    public int getJMSPriority() {
        return priority;
    }

    @Override
    public void setJMSPriority(int value) {
        this.priority = value;
    }

    // ---- properties ----

    @Override
    public void clearProperties() {
        properties.clear();
        propertiesReadOnly = false;
    }

    @Override
    public boolean propertyExists(String name) {
        return properties.containsKey(name);
    }

    @Override
    public boolean getBooleanProperty(String name) throws JMSException {
        return Conversions.toBoolean(properties.get(name));
    }

    @Override
    public byte getByteProperty(String name) throws JMSException {
        return Conversions.toByte(properties.get(name));
    }

    @Override
    public short getShortProperty(String name) throws JMSException {
        return Conversions.toShort(properties.get(name));
    }

    @Override
    public int getIntProperty(String name) throws JMSException {
        return Conversions.toInt(properties.get(name));
    }

    @Override
    public long getLongProperty(String name) throws JMSException {
        return Conversions.toLong(properties.get(name));
    }

    @Override
    public float getFloatProperty(String name) throws JMSException {
        return Conversions.toFloat(properties.get(name));
    }

    @Override
    public double getDoubleProperty(String name) throws JMSException {
        return Conversions.toDouble(properties.get(name));
    }

    @Override
    public String getStringProperty(String name) throws JMSException {
        return Conversions.toStringValue(properties.get(name));
    }

    @Override
    public Object getObjectProperty(String name) {
        return properties.get(name);
    }

    @Override
    public Enumeration<String> getPropertyNames() {
        return Collections.enumeration(properties.keySet());
    }

    /** The properties, in the order they were set. */
    public Map<String, Object> properties() {
        return Collections.unmodifiableMap(properties);
    }

    @Override
    public void setBooleanProperty(String name, boolean value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setByteProperty(String name, byte value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setShortProperty(String name, short value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setIntProperty(String name, int value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setLongProperty(String name, long value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setFloatProperty(String name, float value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setDoubleProperty(String name, double value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setStringProperty(String name, String value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setObjectProperty(String name, Object value) throws JMSException {
        if (!Conversions.isPropertyType(value)) {
            throw new MessageFormatException("property " + name + " cannot hold "
                    + (value == null ? "null" : "a " + value.getClass().getName())
                    + ": only Boolean, Byte, Short, Integer, Long, Float, Double and String");
        }
        put(name, value);
    }

    private void put(String name, Object value) throws JMSException {
        checkPropertyName(name);
        if (propertiesReadOnly) {
            throw new MessageNotWriteableException("the properties of a received message are read-only;"
                    + " call clearProperties() first");
        }
        properties.put(name, value);
    }

    static void checkPropertyName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a property name must not be null or empty");
        }
        if (!Character.isJavaIdentifierStart(name.charAt(0))
                || !name.chars().skip(1).allMatch(Character::isJavaIdentifierPart)) {
            throw new IllegalArgumentException("property name '" + name + "' is not a Java identifier");
        }
        if (RESERVED.contains(name.toUpperCase(java.util.Locale.ROOT))) {
            throw new IllegalArgumentException("property name '" + name + "' is a selector keyword");
        }
    }

    /** How many properties are set, without the view {@link #properties()} makes. */
    public int propertyCount() {
        return properties.size();
    }

    /** Sets a property of a received message, read-only or not (JMSXDeliveryCount and the like). */
    public void putReceived(String name, Object value) {
        properties.put(name, value);
    }

    // ---- body and acknowledgement ----

    @Override
    public void clearBody() throws JMSException {
        bodyReadOnly = false;
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        return null;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public boolean isBodyAssignableTo(Class c) throws JMSException {
        return true;
    }

    /** Makes body and properties read-only, as a received message's are. */
    public void makeReadOnly() throws JMSException {
        propertiesReadOnly = true;
        bodyReadOnly = true;
    }

    /** Sets what acknowledge() does. */
    public void setAcknowledger(Acknowledger acknowledger) {
        this.acknowledger = acknowledger;
    }

    @Override
    public void acknowledge() throws JMSException {
        Acknowledger a = acknowledger;
        if (a != null) {
            a.acknowledge();
        }
    }

    void checkBodyWritable() throws MessageNotWriteableException {
        if (bodyReadOnly) {
            throw new MessageNotWriteableException("the body of a received message is read-only; call clearBody() first");
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + messageId + "]";
    }
}
