package org.wharfmq.jms.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServiceProvider;
import org.wharfmq.store.QueueServices;

/**
 * Opens {@code wharf:failing:<inner store url>}: the inner store's plain {@link QueueService}
 * (no capabilities, so a listener has a thread of its own), whose receiveMessage fails with
 * {@code ServiceUnavailable} while {@link #failReceives} says so.
 */
public final class FailingStores implements QueueServiceProvider {
    private static final String PREFIX = "wharf:failing:";
    private static final Set<String> FAILING = ConcurrentHashMap.newKeySet();

    public static String url(String inner) {
        return PREFIX + inner;
    }

    /** Makes the receives of the store at {@code url} fail, or work again. */
    public static void failReceives(String url, boolean fail) {
        if (fail) {
            FAILING.add(url);
        } else {
            FAILING.remove(url);
        }
    }

    @Override
    public boolean accepts(String url) {
        return url.startsWith(PREFIX);
    }

    @Override
    public QueueService open(String url, Clock clock) {
        QueueService inner = QueueServices.open(url.substring(PREFIX.length()), clock);
        return (QueueService) Proxy.newProxyInstance(QueueService.class.getClassLoader(),
                new Class<?>[] {QueueService.class}, (proxy, method, args) -> {
                    if (method.getName().equals("extension")) {
                        return Optional.empty();
                    }
                    if (method.getName().equals("receiveMessage") && FAILING.contains(url)) {
                        throw new QueueServiceException(ErrorCodes.SERVICE_UNAVAILABLE, "ReceiveMessage failed (test)");
                    }
                    try {
                        return method.invoke(inner, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
