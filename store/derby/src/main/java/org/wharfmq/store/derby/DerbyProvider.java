package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.io.File;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.spi.QueueServiceProvider;

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
    /** MiB that non-durable messages may hold in memory (default 64). */
    static final String IN_MEMORY_MB = "nonDurableMb";
    /** Milliseconds a non-durable send waits for room before it fails (default 30,000). */
    static final String IN_MEMORY_WAIT = "nonDurableWaitMs";

    @Override
    public boolean accepts(String url) {
        return url.startsWith(MEMORY) || url.startsWith(DERBY) && !url.startsWith(DERBY + "//");
    }

    @Override
    public QueueService open(String url, Clock clock) {
        boolean memory = url.startsWith(MEMORY);
        String rest = url.substring(memory ? MEMORY.length() : DERBY.length());
        int q = rest.indexOf('?');
        String location = q < 0 ? rest : rest.substring(0, q);
        Map<String, String> options = parseOptions(q < 0 ? "" : rest.substring(q + 1), url);
        if (location.isEmpty()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "store URL '" + url + "' names no "
                    + (memory ? "store" : "directory"));
        }
        int window = 300;
        int inMemoryMb = 64;
        int inMemoryWait = 30_000;
        for (Map.Entry<String, String> e : options.entrySet()) {
            switch (e.getKey()) {
                case "dedupWindow" -> window = intOption(e.getKey(), e.getValue(), 20, 604800, url);
                case IN_MEMORY_MB -> inMemoryMb = intOption(e.getKey(), e.getValue(), 1, 1 << 20, url);
                case IN_MEMORY_WAIT -> inMemoryWait = intOption(e.getKey(), e.getValue(), 0, 3_600_000, url);
                default -> throw new QueueServiceException(INVALID_PARAMETER_VALUE, "store URL '" + url
                        + "' has an unknown option '" + e.getKey() + "' (known: dedupWindow, " + IN_MEMORY_MB + ", "
                        + IN_MEMORY_WAIT + ")");
            }
        }
        String derbyName = memory ? location : new File(location).getAbsolutePath();
        return DerbyQueueService.open(new Database(derbyName, memory), clock, window,
                new NonDurableMemory.Limit((long) inMemoryMb << 20, inMemoryWait), location);
    }

    private static Map<String, String> parseOptions(String query, String url) {
        Map<String, String> options = new LinkedHashMap<>();
        if (query.isEmpty()) {
            return options;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "store URL '" + url
                        + "' has an option without a value: '" + pair + "'");
            }
            options.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return options;
    }

    private static int intOption(String name, String value, int min, int max, String url) {
        try {
            int v = Integer.parseInt(value);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new QueueServiceException(INVALID_PARAMETER_VALUE, "store URL '" + url + "' option " + name + "="
                + value + " is not a number in " + min + ".." + max);
    }
}
