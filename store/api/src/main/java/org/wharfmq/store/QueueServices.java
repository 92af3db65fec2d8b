package org.wharfmq.store;

import java.time.Clock;
import java.util.ServiceLoader;
import org.wharfmq.store.spi.QueueServiceProvider;

/** Opens a store by URL: {@code wharf:derby:<dir>}, {@code wharf:memory:<name>}, with options after {@code ?}. */
public final class QueueServices {

    private QueueServices() {
    }

    public static QueueService open(String url) {
        return open(url, Clock.systemUTC());
    }

    public static QueueService open(String url, Clock clock) {
        if (url == null || url.isBlank()) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "store URL is empty");
        }
        for (QueueServiceProvider p : ServiceLoader.load(QueueServiceProvider.class,
                QueueServices.class.getClassLoader())) {
            if (p.accepts(url)) {
                return p.open(url, clock);
            }
        }
        throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE,
                "no backend accepts store URL '" + url + "' (known: wharf:derby:<dir>, wharf:memory:<name>)");
    }
}
