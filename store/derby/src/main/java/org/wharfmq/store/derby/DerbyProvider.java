package org.wharfmq.store.derby;

import java.io.File;
import java.time.Clock;
import java.util.List;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServiceProvider;
import org.wharfmq.store.derby.disk.Database;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.Range;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.UrlOptions;

/**
 * Opens {@code wharf:derby:<dir>} (embedded, durable) and {@code wharf:memory:<name>} (in memory,
 * dropped on close). Options follow a {@code ?}: {@code dedupWindow=<seconds>}, the
 * DeduplicationWindow of new FIFO queues (20..604800, default 300); {@code nonDurableMb} and
 * {@code nonDurableWaitMs}, the memory that non-durable messages may hold and how long a send
 * waits for room.
 */
public final class DerbyProvider implements QueueServiceProvider {
    private static final String DERBY = "wharf:derby:";
    private static final String MEMORY = "wharf:memory:";
    /** The DeduplicationWindow of new FIFO queues. */
    static final String DEDUP_WINDOW = "dedupWindow";
    /** MiB that non-durable messages may hold in memory (default 64). */
    static final String IN_MEMORY_MB = "nonDurableMb";
    private static final Range IN_MEMORY_MB_RANGE = new Range(1, 1 << 20);
    /** Milliseconds a non-durable send waits for room before it fails (default 30,000). */
    static final String IN_MEMORY_WAIT = "nonDurableWaitMs";
    private static final Range IN_MEMORY_WAIT_RANGE = new Range(0, 3_600_000);

    @Override
    public List<String> urlForms() {
        return List.of("wharf:derby:<dir>", "wharf:memory:<name>");
    }

    @Override
    public boolean accepts(String url) {
        return url.startsWith(MEMORY) || url.startsWith(DERBY) && !url.startsWith(DERBY + "//");
    }

    @Override
    public java.util.Optional<String> missingStore(String url) {
        if (url.startsWith(MEMORY)) {
            return java.util.Optional.empty();
        }
        String dir = UrlOptions.ofStore(url).base().substring(DERBY.length());
        return new File(dir).isDirectory() ? java.util.Optional.empty()
                : java.util.Optional.of(dir + " is not a directory");
    }

    @Override
    public QueueService open(String url, Clock clock) {
        boolean memory = url.startsWith(MEMORY);
        UrlOptions<QueueServiceException> options = UrlOptions.ofStore(url);
        String location = options.base().substring(memory ? MEMORY.length() : DERBY.length());
        if (location.isEmpty()) {
            throw options.fail("names no " + (memory ? "store" : "directory"));
        }
        options.requireKnown(List.of(DEDUP_WINDOW, IN_MEMORY_MB, IN_MEMORY_WAIT));
        Integer window = options.integer(DEDUP_WINDOW, Ranges.DEDUPLICATION_WINDOW);
        Integer inMemoryMb = options.integer(IN_MEMORY_MB, IN_MEMORY_MB_RANGE);
        Integer inMemoryWait = options.integer(IN_MEMORY_WAIT, IN_MEMORY_WAIT_RANGE);
        String derbyName = memory ? location : new File(location).getAbsolutePath();
        return DerbyQueueService.open(new Database(derbyName, memory), clock,
                window == null ? QueueConfig.DEFAULT_DEDUPLICATION_WINDOW : window,
                new NonDurableMemory.Limit((long) (inMemoryMb == null ? 64 : inMemoryMb) << 20,
                        inMemoryWait == null ? 30_000 : inMemoryWait), location);
    }
}
