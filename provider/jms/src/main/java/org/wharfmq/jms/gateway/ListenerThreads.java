package org.wharfmq.jms.gateway;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jakarta.jms.JMSException;

/**
 * The threads that run one store's message listeners when its backend tells of arrivals: at most
 * {@value #PROPERTY} of them (a system property, 1..10000; default 8 per processor), started as work
 * comes and ended after 30 s without any, so that the number of listeners does not set the number
 * of threads. A listener that blocks holds one of them.
 */
public final class ListenerThreads implements Executor {
    static final String PROPERTY = "wharf.listenerThreads";
    private static final int MAX = 10_000;
    private static final AtomicInteger NUMBER = new AtomicInteger();

    private final ThreadPoolExecutor pool;

    private ListenerThreads(int size) {
        this.pool = new ThreadPoolExecutor(size, size, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "wharf-listener-" + NUMBER.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
    }

    /** A pool as large as the system property says, which is checked before anything opens. */
    static ListenerThreads fromProperty() throws JMSException {
        int processors = Runtime.getRuntime().availableProcessors();
        String value = System.getProperty(PROPERTY);
        if (value == null) {
            return new ListenerThreads(8 * processors);
        }
        try {
            int size = Integer.parseInt(value.trim());
            if (size >= 1 && size <= MAX) {
                return new ListenerThreads(size);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new JMSException("system property " + PROPERTY + " must be a number of threads in 1.." + MAX
                + ", not '" + value + "'");
    }

    /** Runs {@code work} on one of the threads; RejectedExecutionException once the store closed. */
    @Override
    public void execute(Runnable work) {
        pool.execute(work);
    }

    /** The store closed: no new work; the work running now ends on its own. */
    void shutdown() {
        pool.shutdown();
    }
}
