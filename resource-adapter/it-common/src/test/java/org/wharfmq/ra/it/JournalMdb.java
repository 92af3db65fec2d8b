package org.wharfmq.ra.it;

import jakarta.ejb.EJB;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** An MDB that records what it receives in the {@link Journal} under {@code queue}. */
public abstract class JournalMdb implements MessageListener {
    private final String queue;
    @EJB
    private Journal journal;

    protected JournalMdb(String queue) {
        this.queue = queue;
    }

    @Override
    public void onMessage(Message m) {
        try {
            journal.record(queue, m);
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
