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
 * The simplified API's consumer: a classic consumer of its context's session, whose
 * acknowledgement strategy applies to what it hands out.
 */
public final class WharfJMSConsumer implements JMSConsumer {
    private final WharfContext context;
    private final WharfConsumer consumer;
    private volatile MessageListener listener;

    WharfJMSConsumer(WharfContext context, WharfConsumer consumer) {
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
        run(() -> consumer.setMessageListener(l));
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
        return call(r);
    }

    @Override
    public <T> T receiveBody(Class<T> c) {
        return body(c, 0);
    }

    @Override
    public <T> T receiveBody(Class<T> c, long timeout) {
        return body(c, timeout);
    }

    @Override
    public <T> T receiveBodyNoWait(Class<T> c) {
        return body(c, WharfConsumer.NO_WAIT);
    }

    /**
     * The next message's body as a {@code c}. A message of no body type (StreamMessage or
     * Message), with no body, or whose body is not a {@code c}, throws MessageFormatRuntimeException
     * and is refused: AUTO and DUPS_OK contexts get it again, others count it as consumed.
     */
    private <T> T body(Class<T> c, long timeout) {
        return call(() -> consumer.receiveBody(timeout, m -> convert(m, c)));
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

    @Override
    public void close() {
        run(consumer::close);
        context.removeConsumer(this);
    }
}
