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
 * DeduplicationWindow of new FIFO queues (20..604800, default 300).
 */
public final class DerbyProvider implements QueueServiceProvider {
    private static final String DERBY = "wharf:derby:";
    private static final String MEMORY = "wharf:memory:";

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
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().equals("dedupWindow")) {
                window = intOption(e.getKey(), e.getValue(), 20, 604800, url);
            } else {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "store URL '" + url
                        + "' has an unknown option '" + e.getKey() + "' (known: dedupWindow)");
            }
        }
        String derbyName = memory ? location : new File(location).getAbsolutePath();
        return DerbyQueueService.open(new Database(derbyName, memory), clock, window, location);
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
