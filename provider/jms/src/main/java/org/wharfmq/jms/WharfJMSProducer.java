package org.wharfmq.jms;

import static org.wharfmq.jms.RuntimeErrors.call;
import static org.wharfmq.jms.RuntimeErrors.run;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.MessageProducer;
import org.wharfmq.jms.message.WharfMessage;

/**
 * The simplified API's producer: properties and headers kept here and applied to every message it
 * sends through a classic producer without a destination on its context's session. Send options
 * live on that classic producer, which checks them.
 */
public final class WharfJMSProducer implements JMSProducer {
    private final WharfContext context;
    private final MessageProducer producer;
    /** Holds the properties, so that they follow exactly the rules and conversions of message properties. */
    private final WharfMessage properties = new WharfMessage();
    private CompletionListener async;
    private String correlationId;
    private byte[] correlationIdBytes;
    private String type;
    private Destination replyTo;

    WharfJMSProducer(WharfContext context) {
        this.context = context;
        this.producer = call(() -> context.session().createProducer(null));
    }

    // ---- send ----

    @Override
    public JMSProducer send(Destination destination, Message message) {
        if (message == null) {
            throw new MessageFormatRuntimeException("the message to send is null");
        }
        // A destination that is null or of no kind is refused before the message takes this producer's properties.
        run(() -> WharfDestination.of(destination));
        run(() -> prepare(message));
        CompletionListener listener = async;
        if (listener == null) {
            run(() -> producer.send(destination, message));
        } else {
            run(() -> producer.send(destination, message, listener));
        }
        return this;
    }

    @Override
    public JMSProducer send(Destination destination, String body) {
        return send(destination, context.createTextMessage(body));
    }

    @Override
    public JMSProducer send(Destination destination, Map<String, Object> body) {
        MapMessage m = context.createMapMessage();
        if (body != null) {
            for (Map.Entry<String, Object> e : body.entrySet()) {
                run(() -> m.setObject(e.getKey(), e.getValue()));
            }
        }
        return send(destination, m);
    }

    @Override
    public JMSProducer send(Destination destination, byte[] body) {
        BytesMessage m = context.createBytesMessage();
        if (body != null) {
            run(() -> m.writeBytes(body));
        }
        return send(destination, m);
    }

    @Override
    public JMSProducer send(Destination destination, Serializable body) {
        return send(destination, context.createObjectMessage(body));
    }

    /** Applies this producer's properties and headers, which override the message's own. */
    private void prepare(Message m) throws JMSException {
        for (Map.Entry<String, Object> p : properties.properties().entrySet()) {
            if (p.getValue() == null) {
                // Only a String property can be null.
                m.setStringProperty(p.getKey(), null);
            } else {
                m.setObjectProperty(p.getKey(), p.getValue());
            }
        }
        if (correlationIdBytes != null) {
            m.setJMSCorrelationIDAsBytes(correlationIdBytes);
        } else if (correlationId != null) {
            m.setJMSCorrelationID(correlationId);
        }
        if (type != null) {
            m.setJMSType(type);
        }
        if (replyTo != null) {
            m.setJMSReplyTo(replyTo);
        }
    }

    // ---- send options ----

    private JMSProducer option(RuntimeErrors.JmsAction setter) {
        run(setter);
        return this;
    }

    @Override
    public JMSProducer setDisableMessageID(boolean value) {
        return option(() -> producer.setDisableMessageID(value));
    }

    @Override
    public boolean getDisableMessageID() {
        return call(producer::getDisableMessageID);
    }

    @Override
    public JMSProducer setDisableMessageTimestamp(boolean value) {
        return option(() -> producer.setDisableMessageTimestamp(value));
    }

    @Override
    public boolean getDisableMessageTimestamp() {
        return call(producer::getDisableMessageTimestamp);
    }

    @Override
    public JMSProducer setDeliveryMode(int deliveryMode) {
        return option(() -> producer.setDeliveryMode(deliveryMode));
    }

    @Override
    public int getDeliveryMode() {
        return call(producer::getDeliveryMode);
    }

    @Override
    public JMSProducer setPriority(int priority) {
        return option(() -> producer.setPriority(priority));
    }

    @Override
    public int getPriority() {
        return call(producer::getPriority);
    }

    @Override
    public JMSProducer setTimeToLive(long timeToLive) {
        return option(() -> producer.setTimeToLive(timeToLive));
    }

    @Override
    public long getTimeToLive() {
        return call(producer::getTimeToLive);
    }

    @Override
    public JMSProducer setDeliveryDelay(long deliveryDelay) {
        return option(() -> producer.setDeliveryDelay(deliveryDelay));
    }

    @Override
    public long getDeliveryDelay() {
        return call(producer::getDeliveryDelay);
    }

    @Override
    public JMSProducer setAsync(CompletionListener completionListener) {
        async = completionListener;
        return this;
    }

    @Override
    public CompletionListener getAsync() {
        return async;
    }

    // ---- properties ----

    @Override
    public JMSProducer setProperty(String name, boolean value) {
        run(() -> properties.setBooleanProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, byte value) {
        run(() -> properties.setByteProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, short value) {
        run(() -> properties.setShortProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, int value) {
        run(() -> properties.setIntProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, long value) {
        run(() -> properties.setLongProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, float value) {
        run(() -> properties.setFloatProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, double value) {
        run(() -> properties.setDoubleProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, String value) {
        run(() -> properties.setStringProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, Object value) {
        run(() -> properties.setObjectProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer clearProperties() {
        properties.clearProperties();
        return this;
    }

    @Override
    public boolean propertyExists(String name) {
        return properties.propertyExists(name);
    }

    @Override
    public boolean getBooleanProperty(String name) {
        return call(() -> properties.getBooleanProperty(name));
    }

    @Override
    public byte getByteProperty(String name) {
        return call(() -> properties.getByteProperty(name));
    }

    @Override
    public short getShortProperty(String name) {
        return call(() -> properties.getShortProperty(name));
    }

    @Override
    public int getIntProperty(String name) {
        return call(() -> properties.getIntProperty(name));
    }

    @Override
    public long getLongProperty(String name) {
        return call(() -> properties.getLongProperty(name));
    }

    @Override
    public float getFloatProperty(String name) {
        return call(() -> properties.getFloatProperty(name));
    }

    @Override
    public double getDoubleProperty(String name) {
        return call(() -> properties.getDoubleProperty(name));
    }

    @Override
    public String getStringProperty(String name) {
        return call(() -> properties.getStringProperty(name));
    }

    @Override
    public Object getObjectProperty(String name) {
        return properties.getObjectProperty(name);
    }

    @Override
    public Set<String> getPropertyNames() {
        return properties.properties().keySet();
    }

    // ---- headers ----

    @Override
    public JMSProducer setJMSCorrelationIDAsBytes(byte[] correlationID) {
        correlationIdBytes = correlationID == null ? null : correlationID.clone();
        correlationId = null;
        return this;
    }

    /** The correlation id as bytes; one set as a String reads as its UTF-8 bytes. */
    @Override
    public byte[] getJMSCorrelationIDAsBytes() {
        if (correlationIdBytes != null) {
            return correlationIdBytes.clone();
        }
        return correlationId == null ? null : correlationId.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public JMSProducer setJMSCorrelationID(String correlationID) {
        correlationId = correlationID;
        correlationIdBytes = null;
        return this;
    }

    /** The correlation id; one set as bytes reads as those bytes decoded as UTF-8. */
    @Override
    public String getJMSCorrelationID() {
        if (correlationIdBytes != null) {
            return new String(correlationIdBytes, StandardCharsets.UTF_8);
        }
        return correlationId;
    }

    @Override
    public JMSProducer setJMSType(String type) {
        this.type = type;
        return this;
    }

    @Override
    public String getJMSType() {
        return type;
    }

    @Override
    public JMSProducer setJMSReplyTo(Destination replyTo) {
        this.replyTo = replyTo;
        return this;
    }

    @Override
    public Destination getJMSReplyTo() {
        return replyTo;
    }
}
