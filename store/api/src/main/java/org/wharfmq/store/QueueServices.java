package org.wharfmq.store;

import java.time.Clock;
import java.util.ServiceLoader;
import org.wharfmq.store.QueueServiceProvider;

/** Opens a store by URL: {@code wharf:derby:<dir>}, {@code wharf:memory:<name>}, with options after {@code ?}. */
public final class QueueServices {

    private QueueServices() {
    }

    private static final java.util.regex.Pattern SECRET =
            java.util.regex.Pattern.compile("([?&](?:secretAccessKey|password)=)[^&]*");

    /** {@code url} as it may be printed: the values of {@code secretAccessKey} and {@code password} hidden. */
    public static String redact(String url) {
        return url == null ? null : SECRET.matcher(url).replaceAll("$1***");
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
                "no backend accepts store URL '" + redact(url) + "' (known: wharf:derby:<dir>, wharf:memory:<name>, and with wharf-store-sqs wharf:sqs:<endpoint>)");
    }
}
