package org.wharfmq.jms.management;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageEOFException;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import org.wharfmq.jms.message.WharfObjectMessage;

/** Turns a received or browsed JMS message into the {@link MessageView} that JMX shows. */
final class MessageViews {
    private static final int PREVIEW = MessageView.PREVIEW_CHARS;

    private MessageViews() {
    }

    static MessageView of(Message m) throws JMSException {
        Map<String, String> properties = new TreeMap<>();
        for (Object name : Collections.list(m.getPropertyNames())) {
            properties.put((String) name, String.valueOf(m.getObjectProperty((String) name)));
        }
        String group = m.getStringProperty("JMSXGroupID");
        int deliveries = m.propertyExists("JMSXDeliveryCount") ? m.getIntProperty("JMSXDeliveryCount") : 0;
        String correlation = m.getJMSCorrelationID();
        return new MessageView(m.getJMSMessageID(), type(m), m.getJMSTimestamp(), correlation == null ? "" : correlation,
                m.getJMSRedelivered(), deliveries, group == null ? "" : group, m.getJMSPriority(),
                m.getJMSExpiration(), properties, size(m), preview(m));
    }

    private static String type(Message m) {
        if (m instanceof TextMessage) {
            return "TextMessage";
        } else if (m instanceof BytesMessage) {
            return "BytesMessage";
        } else if (m instanceof MapMessage) {
            return "MapMessage";
        } else if (m instanceof ObjectMessage) {
            return "ObjectMessage";
        } else if (m instanceof StreamMessage) {
            return "StreamMessage";
        }
        return "Message";
    }

    private static long size(Message m) throws JMSException {
        if (m instanceof TextMessage t) {
            return t.getText() == null ? 0 : t.getText().length();
        } else if (m instanceof BytesMessage b) {
            return b.getBodyLength();
        } else if (m instanceof MapMessage || m instanceof ObjectMessage || m instanceof StreamMessage) {
            return -1;
        }
        return 0;
    }

    private static String preview(Message m) throws JMSException {
        if (m instanceof TextMessage t) {
            return t.getText() == null ? "" : cut(t.getText());
        } else if (m instanceof BytesMessage b) {
            return b.getBodyLength() == 0 ? "" : bytes(m.getBody(byte[].class));
        } else if (m instanceof MapMessage map) {
            Map<String, Object> entries = new TreeMap<>();
            for (Object name : Collections.list(map.getMapNames())) {
                Object v = map.getObject((String) name);
                entries.put((String) name, v instanceof byte[] b ? HexFormat.of().formatHex(b) : v);
            }
            return cut(entries.toString());
        } else if (m instanceof StreamMessage s) {
            return cut(stream(s).toString());
        } else if (m instanceof WharfObjectMessage o) {
            // Never deserialized here: the class may be absent, and reading it could run its code.
            byte[] serialized = o.serialized();
            return serialized == null ? "" : "a serialized Java object of " + serialized.length + " bytes";
        }
        return "";
    }

    /** The body as UTF-8 text if it is valid UTF-8, else in hex; either way at most {@value #PREVIEW} characters. */
    private static String bytes(byte[] body) {
        try {
            return cut(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString());
        } catch (CharacterCodingException e) {
            return HexFormat.of().formatHex(body, 0, Math.min(body.length, PREVIEW / 2));
        }
    }

    private static List<Object> stream(StreamMessage s) throws JMSException {
        List<Object> values = new ArrayList<>();
        int chars = 0;
        try {
            while (chars <= PREVIEW) {
                Object v = s.readObject();
                values.add(v instanceof byte[] b ? HexFormat.of().formatHex(b) : v);
                chars += String.valueOf(values.get(values.size() - 1)).length() + 2;
            }
        } catch (MessageEOFException end) {
            // The whole stream is read.
        }
        return values;
    }

    private static String cut(String text) {
        return text.length() <= PREVIEW ? text : text.substring(0, PREVIEW);
    }
}
