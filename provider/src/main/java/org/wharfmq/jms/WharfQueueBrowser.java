package org.wharfmq.jms;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import org.wharfmq.jms.message.MessageCodec;
import org.wharfmq.jms.selector.Selector;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceivedMessage;

/** A browser: the queue's visible messages in delivery order, unchanged. */
final class WharfQueueBrowser implements QueueBrowser {
    private final WharfSession session;
    private final Queue queue;
    private final String selectorText;
    private final Selector selector;
    private volatile boolean closed;

    WharfQueueBrowser(WharfSession session, Queue queue, String selectorText) throws JMSException {
        this.session = session;
        this.queue = queue;
        this.selectorText = selectorText;
        this.selector = Selector.parse(selectorText);
    }

    @Override
    public Queue getQueue() throws JMSException {
        checkOpen();
        return queue;
    }

    @Override
    public String getMessageSelector() throws JMSException {
        checkOpen();
        return selectorText;
    }

    @Override
    public Enumeration<?> getEnumeration() throws JMSException {
        checkOpen();
        SharedStore store = session.connection.store;
        WharfDestination d = (WharfDestination) queue;
        String url = store.ensureQueue(d.name(), ((WharfQueue) d).attributes());
        List<ReceivedMessage> found;
        try {
            found = store.browsing.browse(url, selector.matchesAll() ? null
                    : v -> selector.matches(MessageCodec.selectorValues(v)), Integer.MAX_VALUE);
        } catch (QueueServiceException e) {
            throw JmsErrors.of(e);
        }
        List<Message> messages = new ArrayList<>(found.size());
        for (ReceivedMessage rm : found) {
            messages.add(MessageCodec.decode(rm, d, WharfDestination::fromAddress));
        }
        return Collections.enumeration(messages);
    }

    private void checkOpen() throws IllegalStateException {
        if (closed || session.isClosed()) {
            throw new IllegalStateException("the browser is closed");
        }
    }

    @Override
    public void close() {
        closed = true;
        session.removeBrowser(this);
    }
}
