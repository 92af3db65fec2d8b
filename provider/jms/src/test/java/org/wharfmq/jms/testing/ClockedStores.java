package org.wharfmq.jms.testing;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.QueueServiceProvider;
import org.wharfmq.store.testing.ManualClock;

/**
 * Opens {@code wharf:clocked:<inner store url>}: the inner store on a {@link ManualClock} of its
 * own, which a test moves through {@link #clock}, so that visibility timeouts and delays pass
 * without waiting. Only a backend that takes its time from the clock it is opened with (Derby)
 * keeps to it.
 */
public final class ClockedStores implements QueueServiceProvider {
    private static final String PREFIX = "wharf:clocked:";
    private static final Map<String, ManualClock> CLOCKS = new ConcurrentHashMap<>();

    /** {@code inner} on a manual clock. */
    public static String url(String inner) {
        return PREFIX + inner;
    }

    /** The clock of the store at {@code url}, made on first use. */
    public static ManualClock clock(String url) {
        return CLOCKS.computeIfAbsent(url, u -> new ManualClock());
    }

    @Override
    public boolean accepts(String url) {
        return url.startsWith(PREFIX);
    }

    @Override
    public QueueService open(String url, Clock ignored) {
        return QueueServices.open(url.substring(PREFIX.length()), clock(url));
    }
}
