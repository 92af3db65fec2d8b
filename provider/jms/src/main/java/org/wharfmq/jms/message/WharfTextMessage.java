package org.wharfmq.jms.message;

import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.TextMessage;

/** A message whose body is a string. */
public class WharfTextMessage extends WharfMessage implements TextMessage {
    private String text;

    @Override
    public void setText(String value) throws JMSException {
        checkBodyWritable();
        this.text = value;
    }

    @Override
    public String getText() {
        return text;
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        text = null;
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        if (text == null) {
            return null;
        }
        if (!c.isAssignableFrom(String.class)) {
            throw new MessageFormatException("a TextMessage body cannot be read as " + c.getName());
        }
        return c.cast(text);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public boolean isBodyAssignableTo(Class c) {
        return text == null || c.isAssignableFrom(String.class);
    }
}
