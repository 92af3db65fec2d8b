package org.wharfmq.jms;

import java.util.Enumeration;
import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageEOFException;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import org.wharfmq.jms.message.WharfBytesMessage;
import org.wharfmq.jms.message.WharfMapMessage;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.message.WharfObjectMessage;
import org.wharfmq.jms.message.WharfStreamMessage;
import org.wharfmq.jms.message.WharfTextMessage;

/** Copies a message of another JMS provider into a Wharf message, as the spec requires a provider to accept one. */
final class ForeignMessages {
    private ForeignMessages() {
    }

    static WharfMessage copy(Message m) throws JMSException {
        WharfMessage w;
        if (m instanceof TextMessage t) {
            WharfTextMessage x = new WharfTextMessage();
            x.setText(t.getText());
            w = x;
        } else if (m instanceof BytesMessage b) {
            WharfBytesMessage x = new WharfBytesMessage();
            b.reset();
            // Read to the end rather than trusting getBodyLength() of a foreign implementation.
            byte[] chunk = new byte[8192];
            for (int n; (n = b.readBytes(chunk)) > 0; ) {
                x.writeBytes(chunk, 0, n);
            }
            w = x;
        } else if (m instanceof MapMessage map) {
            WharfMapMessage x = new WharfMapMessage();
            for (Enumeration<?> names = map.getMapNames(); names.hasMoreElements(); ) {
                String name = (String) names.nextElement();
                x.setObject(name, map.getObject(name));
            }
            w = x;
        } else if (m instanceof ObjectMessage o) {
            WharfObjectMessage x = new WharfObjectMessage();
            x.setObject(o.getObject());
            w = x;
        } else if (m instanceof StreamMessage s) {
            WharfStreamMessage x = new WharfStreamMessage();
            s.reset();
            try {
                while (true) {
                    x.writeObject(s.readObject());
                }
            } catch (MessageEOFException end) {
                // The whole stream is copied.
            }
            w = x;
        } else {
            w = new WharfMessage();
        }
        for (Enumeration<?> names = m.getPropertyNames(); names.hasMoreElements(); ) {
            String name = (String) names.nextElement();
            w.setObjectProperty(name, m.getObjectProperty(name));
        }
        w.setJMSType(m.getJMSType());
        w.setJMSCorrelationID(m.getJMSCorrelationID());
        Destination replyTo = m.getJMSReplyTo();
        if (replyTo != null) {
            w.setJMSReplyTo(WharfDestination.of(replyTo));
        }
        w.setJMSDeliveryMode(m.getJMSDeliveryMode());
        w.setJMSPriority(m.getJMSPriority());
        w.setJMSExpiration(m.getJMSExpiration());
        w.setJMSDeliveryTime(m.getJMSDeliveryTime());
        return w;
    }
}
