package org.wharfmq.store.model;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;

/**
 * The options of a store or connection URL, {@code <base>?name=value&name=value}, parsed in one
 * place for every layer. Each error names the option and its value, shows the URL as
 * {@link QueueServices#redact} prints it, and is the caller's own exception ({@link Failure}).
 * Values are kept as written, not URL-decoded.
 *
 * @param <E> the exception the caller reports a bad option with
 */
public final class UrlOptions<E extends Exception> {
    /** Makes the caller's exception from a message. */
    @FunctionalInterface
    public interface Failure<E extends Exception> {
        E of(String message);
    }

    private final String what;
    private final String printable;
    private final String base;
    private final Map<String, String> options;
    private final String repeated;
    private final Failure<E> failure;

    private UrlOptions(String what, String url, String base, Map<String, String> options, String repeated,
                       Failure<E> failure) {
        this.what = what;
        this.printable = QueueServices.redact(url);
        this.base = base;
        this.options = Collections.unmodifiableMap(options);
        this.repeated = repeated;
        this.failure = failure;
    }

    /**
     * Splits {@code url} at its first {@code ?}. {@code what} names the URL in errors ("store URL").
     * Fails on a pair with no {@code =} or no name; an option given twice keeps its last value
     * (see {@link #requireDistinct}).
     */
    public static <E extends Exception> UrlOptions<E> parse(String what, String url, Failure<E> failure) throws E {
        int q = url.indexOf('?');
        Map<String, String> options = new LinkedHashMap<>();
        String repeated = null;
        if (q >= 0 && q < url.length() - 1) {
            for (String pair : url.substring(q + 1).split("&")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw failure.of(what + " '" + QueueServices.redact(url) + "' has an option without a value: '"
                            + pair + "'");
                }
                String name = pair.substring(0, eq);
                if (options.put(name, pair.substring(eq + 1)) != null && repeated == null) {
                    repeated = name;
                }
            }
        }
        return new UrlOptions<>(what, url, q < 0 ? url : url.substring(0, q), options, repeated, failure);
    }

    /** A store URL's options, failing with {@code InvalidParameterValue}. */
    public static UrlOptions<QueueServiceException> ofStore(String url) {
        return parse("store URL", url, m -> new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, m));
    }

    /** The URL before the {@code ?}. */
    public String base() {
        return base;
    }

    /** The whole URL as it may be printed. */
    public String printable() {
        return printable;
    }

    /** Every option, in the order first given. */
    public Map<String, String> all() {
        return options;
    }

    /** The value of option {@code name}, or null if it is not given. */
    public String get(String name) {
        return options.get(name);
    }

    /** Option {@code name} as a whole number in {@code range}, or null if it is not given. */
    public Integer integer(String name, Range range) throws E {
        String value = options.get(name);
        if (value == null) {
            return null;
        }
        try {
            int v = Integer.parseInt(value);
            if (range.contains(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw fail("option " + name + "=" + value + " is not a number in " + range);
    }

    /** Option {@code name} as a number in {@code min..max}, or null if it is not given. */
    public Double decimal(String name, double min, double max) throws E {
        String value = options.get(name);
        if (value == null) {
            return null;
        }
        try {
            double v = Double.parseDouble(value);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw fail("option " + name + "=" + value + " is not a number in " + min + ".." + max);
    }

    /** Fails naming the first option not in {@code known}. */
    public void requireKnown(Collection<String> known) throws E {
        for (String name : options.keySet()) {
            if (!known.contains(name)) {
                throw fail("has an unknown option '" + name + "' (known: " + String.join(", ", new TreeSet<>(known))
                        + ")");
            }
        }
    }

    /** Fails naming the first option given more than once. */
    public void requireDistinct() throws E {
        if (repeated != null) {
            throw fail("gives option '" + repeated + "' twice");
        }
    }

    /** The caller's exception for {@code problem}, said of this URL: "store URL '...' {@code problem}". */
    public E fail(String problem) {
        return failure.of(what + " '" + printable + "' " + problem);
    }
}
