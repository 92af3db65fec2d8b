package org.wharfmq.jms.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.QueueServiceProvider;

/**
 * Opens {@code wharf:counting:<inner store url>}: the inner store, counting the calls made on its
 * {@link QueueService} by method name, so that a test can tell how many requests the provider made
 * and with what arguments the last one of each.
 * Calls on the capabilities that {@code extension} hands out are not counted.
 */
public final class CountingStores implements QueueServiceProvider {
    private static final String PREFIX = "wharf:counting:";
    private static final Map<String, Map<String, AtomicInteger>> CALLS = new ConcurrentHashMap<>();
    private static final Map<String, Map<String, List<Object>>> LAST_ARGUMENTS = new ConcurrentHashMap<>();

    /** {@code inner} with its calls counted. */
    public static String url(String inner) {
        return PREFIX + inner;
    }

    /** How many times {@code method} was called on the store opened at {@code url}, options included. */
    public static int calls(String url, String method) {
        AtomicInteger n = CALLS.getOrDefault(url, Map.of()).get(method);
        return n == null ? 0 : n.get();
    }

    /** The arguments of the last call of {@code method} on the store opened at {@code url}; null if none. */
    public static List<Object> lastArguments(String url, String method) {
        return LAST_ARGUMENTS.getOrDefault(url, Map.of()).get(method);
    }

    @Override
    public boolean accepts(String url) {
        return url.startsWith(PREFIX);
    }

    @Override
    public QueueService open(String url, Clock clock) {
        QueueService inner = QueueServices.open(url.substring(PREFIX.length()), clock);
        Map<String, AtomicInteger> calls = CALLS.computeIfAbsent(url, u -> new ConcurrentHashMap<>());
        Map<String, List<Object>> last = LAST_ARGUMENTS.computeIfAbsent(url, u -> new ConcurrentHashMap<>());
        return (QueueService) Proxy.newProxyInstance(QueueService.class.getClassLoader(),
                new Class<?>[] {QueueService.class}, (proxy, method, args) -> {
                    calls.computeIfAbsent(method.getName(), m -> new AtomicInteger()).incrementAndGet();
                    last.put(method.getName(), args == null ? List.of() : Arrays.asList(args));
                    try {
                        return method.invoke(inner, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
