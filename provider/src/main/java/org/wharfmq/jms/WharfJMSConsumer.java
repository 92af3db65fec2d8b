package org.wharfmq.jms;

import static org.wharfmq.jms.RuntimeErrors.call;
import static org.wharfmq.jms.RuntimeErrors.run;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageListener;
import jakarta.jms.ObjectMessage;
import jakarta.jms.TextMessage;

/**
 * The simplified API's consumer: a classic consumer of its context's session, with the context's
 * acknowledgement applied to each message handed out (see {@link ContextAcknowledgement}).
 */
public final class WharfJMSConsumer implements JMSConsumer {
    private final WharfContext context;
    private final MessageConsumer consumer;
    private volatile MessageListener listener;

    WharfJMSConsumer(WharfContext context, MessageConsumer consumer) {
        this.context = context;
        this.consumer = consumer;
    }

    @Override
    public String getMessageSelector() {
        return call(consumer::getMessageSelector);
    }

    @Override
    public MessageListener getMessageListener() {
        call(consumer::getMessageListener); // fails if closed
        return listener;
    }

    @Override
    public void setMessageListener(MessageListener l) {
        MessageListener classic = l == null ? null : context.acknowledgement().wrap(l, context.session());
        run(() -> consumer.setMessageListener(classic));
        listener = l;
    }

    @Override
    public Message receive() {
        return take(consumer::receive);
    }

    @Override
    public Message receive(long timeout) {
        return take(() -> consumer.receive(timeout));
    }

    @Override
    public Message receiveNoWait() {
        return take(consumer::receiveNoWait);
    }

    private Message take(RuntimeErrors.JmsCall<Message> r) {
        Message m = call(r);
        if (m != null) {
            run(() -> context.acknowledgement().taken(m));
        }
        return m;
    }

    @Override
    public <T> T receiveBody(Class<T> c) {
        return body(c, consumer::receive);
    }

    @Override
    public <T> T receiveBody(Class<T> c, long timeout) {
        return body(c, () -> consumer.receive(timeout));
    }

    @Override
    public <T> T receiveBodyNoWait(Class<T> c) {
        return body(c, consumer::receiveNoWait);
    }

    /**
     * The next message's body as a {@code c}. A message of no body type (StreamMessage or
     * Message), with no body, or whose body is not a {@code c}, throws MessageFormatRuntimeException
     * and is refused: AUTO and DUPS_OK contexts get it again, others count it as consumed.
     */
    private <T> T body(Class<T> c, RuntimeErrors.JmsCall<Message> r) {
        Message m = call(r);
        if (m == null) {
            return null;
        }
        T body;
        try {
            body = convert(m, c);
        } catch (JMSException e) {
            JMSRuntimeException failure = RuntimeErrors.of(e);
            refuse(m, failure);
            throw failure;
        }
        run(() -> context.acknowledgement().taken(m));
        return body;
    }

    private static <T> T convert(Message m, Class<T> c) throws JMSException {
        boolean hasBodyType = m instanceof TextMessage || m instanceof BytesMessage || m instanceof MapMessage
                || m instanceof ObjectMessage;
        if (!hasBodyType) {
            throw new MessageFormatException("message " + m.getJMSMessageID()
                    + " is a StreamMessage or a Message without a body; receiveBody cannot return it");
        }
        if (!m.isBodyAssignableTo(c)) {
            throw new MessageFormatException("the body of message " + m.getJMSMessageID()
                    + " cannot be assigned to " + c.getName());
        }
        T body = m.getBody(c);
        if (body == null) {
            throw new MessageFormatException("message " + m.getJMSMessageID() + " has no body");
        }
        return body;
    }

    private void refuse(Message m, JMSRuntimeException failure) {
        try {
            context.acknowledgement().refused(m, context.session());
        } catch (JMSException | JMSRuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    @Override
    public void close() {
        run(consumer::close);
        context.removeConsumer(this);
    }
}
