package org.wharfmq.ra.bench.app;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** The MDBs' common part: the latency from the send to the start of {@code onMessage}, recorded at its end. */
abstract class TimedMdb implements MessageListener {

    @Override
    public void onMessage(Message m) {
        long now = System.nanoTime();
        try {
            long latency = now - m.getLongProperty(S11.SENT);
            int run = m.getIntProperty(S11.RUN);
            work(run, m.getIntProperty(S11.SEQ));
            Figures.record(run, latency, m.getJMSRedelivered());
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the bean does with the message besides timing it. */
    abstract void work(int run, int seq);
}
