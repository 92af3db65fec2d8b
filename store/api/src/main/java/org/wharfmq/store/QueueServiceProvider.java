package org.wharfmq.store;

import java.time.Clock;

/** A backend, found by {@link java.util.ServiceLoader} and chosen by the URL scheme it accepts. */
public interface QueueServiceProvider {

    /** True if this backend opens URLs like {@code url} (for example {@code wharf:derby:...}). */
    boolean accepts(String url);

    /** Opens the store at {@code url}; times come from {@code clock}. */
    QueueService open(String url, Clock clock);
}
