package org.wharfmq.ra.inbound;

import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import jakarta.jms.JMSException;
import jakarta.jms.ServerSession;
import jakarta.jms.ServerSessionPool;

/** An endpoint's sessions; the connection consumer waits here for a free one. */
final class EndpointSessionPool implements ServerSessionPool {
    /** How long stopping an endpoint waits for deliveries under way. */
    static final long STOP_TIMEOUT_MILLIS = 30_000;

    private final List<EndpointSession> all;
    private final BlockingQueue<EndpointSession> idle;

    EndpointSessionPool(List<EndpointSession> sessions) {
        this.all = List.copyOf(sessions);
        this.idle = new ArrayBlockingQueue<>(sessions.size(), false, sessions);
    }

    @Override
    public ServerSession getServerSession() throws JMSException {
        try {
            return idle.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JMSException("interrupted while waiting for a free Wharf endpoint session");
        }
    }

    /** A session has finished its delivery. */
    void idle(EndpointSession s) {
        idle.add(s);
    }

    /** Waits until no session is delivering; false if some still are after {@code millis}. */
    boolean awaitIdle(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (idle.size() < all.size()) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    void releaseEndpoints() {
        all.forEach(EndpointSession::close);
    }
}
