package org.wharfmq.store;

import java.time.Clock;
import java.util.ServiceLoader;
import org.wharfmq.store.QueueServiceProvider;

/** Opens a store by the URL of one of the backends on the class path, with options after {@code ?}. */
public final class QueueServices {

    private QueueServices() {
    }

    private static final java.util.regex.Pattern SECRET =
            java.util.regex.Pattern.compile("([?&](?:secretAccessKey|password|dbPassword)=)[^&]*");

    /** {@code url} as it may be printed: the values of {@code secretAccessKey}, {@code password} and {@code dbPassword} hidden. */
    public static String redact(String url) {
        return url == null ? null : SECRET.matcher(url).replaceAll("$1***");
    }

    public static QueueService open(String url) {
        return open(url, Clock.systemUTC());
    }

    public static QueueService open(String url, Clock clock) {
        return provider(url).open(url, clock);
    }

    /** The backend that opens {@code url}; fails as {@link #open} does when none does. */
    public static QueueServiceProvider provider(String url) {
        if (url == null || url.isBlank()) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "store URL is empty");
        }
        for (QueueServiceProvider p : providers()) {
            if (p.accepts(url)) {
                return p;
            }
        }
        throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE,
                "no backend accepts store URL '" + redact(url) + "' (known: " + urlForms() + ")");
    }

    /** The URL forms of the backends on the class path, as their providers give them, comma-separated. */
    public static String urlForms() {
        java.util.List<String> forms = new java.util.ArrayList<>();
        for (QueueServiceProvider p : providers()) {
            forms.addAll(p.urlForms());
        }
        return String.join(", ", forms);
    }

    private static Iterable<QueueServiceProvider> providers() {
        return ServiceLoader.load(QueueServiceProvider.class, QueueServices.class.getClassLoader());
    }
}
