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
import org.wharfmq.jms.selector.Selector;

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
        WharfDestination d = (WharfDestination) queue;
        session.connection.check(Permissions.Op.BROWSE, d);
        List<Message> messages = new ArrayList<>(session.connection.gateway.receiving().browse(((WharfQueue) d).spec(), selector.matchesAll() ? null : selector, d,
                Integer.MAX_VALUE));
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
