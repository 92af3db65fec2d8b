package org.wharfmq.store;

import java.time.Clock;

/** A backend, found by {@link java.util.ServiceLoader} and chosen by the URL scheme it accepts. */
public interface QueueServiceProvider {

    /** True if this backend opens URLs like {@code url} (for example {@code wharf:derby:...}). */
    boolean accepts(String url);

    /** The forms of the URLs this backend opens, for a message that lists them ({@code wharf:derby:<dir>}). */
    default java.util.List<String> urlForms() {
        return java.util.List.of();
    }

    /**
     * True if the stores this backend opens live outside the process, so that several processes
     * may hold one open at once and see one set of queues, and a message move task outlives the
     * process that started it (SQS, PostgreSQL). False for a store that one process holds.
     */
    default boolean sharedByProcesses() {
        return false;
    }

    /**
     * Why {@code url} names no store yet, where opening it would create one (a Derby store's
     * directory that does not exist), or empty when it names one or the backend cannot tell.
     */
    default java.util.Optional<String> missingStore(String url) {
        return java.util.Optional.empty();
    }

    /** Opens the store at {@code url}; times come from {@code clock}. */
    QueueService open(String url, Clock clock);
}
