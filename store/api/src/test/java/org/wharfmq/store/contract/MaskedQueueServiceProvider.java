package org.wharfmq.store.contract;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.time.Clock;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.wharfmq.store.Limits;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.QueueServiceProvider;

/**
 * Opens {@code wharf:masked:<mask>:<inner store url>}: the inner store behind a {@link MaskedQueueService}.
 * The mask is a comma-separated list of capability simple names to hide ({@code Topics},
 * {@code Browsing}, {@code FilteredReceive}, {@code MessageOptions}, {@code Transactions},
 * {@code XaTransactions}, {@code QueueStatistics}, {@code ArrivalNotification}, ...) and optionally {@code attributes=<n>}, the maxMessageAttributes its
 * limits report; for example {@code wharf:masked:Transactions,FilteredReceive,attributes=10:wharf:memory:x}.
 * Each word hides one capability: {@code Transactions} alone leaves {@code XaTransactions} offered.
 */
public final class MaskedQueueServiceProvider implements QueueServiceProvider {
    /** The scheme this provider accepts. */
    public static final String PREFIX = "wharf:masked:";

    private static final String ATTRIBUTES = "attributes=";

    /**
     * A parsed mask.
     *
     * @param hidden the capabilities to hide
     * @param maxMessageAttributes the attribute limit to report, or 0 for the inner store's
     */
    public record Mask(Set<Class<?>> hidden, int maxMessageAttributes) {

        /** Parses {@code text}; an unknown word or a bad number is InvalidParameterValue naming it. */
        public static Mask parse(String text) {
            Set<Class<?>> hidden = new HashSet<>();
            int attributes = 0;
            for (String word : text.isEmpty() ? new String[0] : text.split(",", -1)) {
                if (word.startsWith(ATTRIBUTES)) {
                    attributes = positive(word.substring(ATTRIBUTES.length()), text);
                } else {
                    hidden.add(capability(word, text));
                }
            }
            return new Mask(Set.copyOf(hidden), attributes);
        }

        /** The inner store's {@code limits} as this mask reports them. */
        public Limits limits(Limits inner) {
            Limits l = MaskedQueueService.limitsWithout(inner, hidden);
            return maxMessageAttributes == 0 ? l
                    : new Limits(maxMessageAttributes, l.maxMessageBytes(), l.delayGranularityMillis(),
                            l.maxDelayMillis());
        }

        private static Class<?> capability(String word, String mask) {
            for (Class<?> c : Backend.CAPABILITIES) {
                if (c.getSimpleName().equals(word)) {
                    return c;
                }
            }
            String known = Backend.CAPABILITIES.stream().map(Class::getSimpleName).collect(Collectors.joining(", "));
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "store URL mask '" + mask
                    + "' has an unknown word '" + word + "' (known: " + known + ", " + ATTRIBUTES + "<n>)");
        }

        private static int positive(String value, String mask) {
            try {
                int n = Integer.parseInt(value);
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "store URL mask '" + mask + "' has "
                    + ATTRIBUTES + value + ", which is not a positive number");
        }
    }

    @Override
    public boolean accepts(String url) {
        return url.startsWith(PREFIX);
    }

    @Override
    public QueueService open(String url, Clock clock) {
        String rest = url.substring(PREFIX.length());
        int colon = rest.indexOf(':');
        if (colon < 0 || colon == rest.length() - 1) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "store URL '" + url
                    + "' names no inner store URL after its mask (form: " + PREFIX + "<mask>:<store url>)");
        }
        // The mask is checked before the inner store is opened, so a bad one leaves nothing open.
        Mask mask = Mask.parse(rest.substring(0, colon));
        QueueService inner = QueueServices.open(rest.substring(colon + 1), clock);
        return new MaskedQueueService(inner, mask.hidden(), mask.limits(inner.limits()));
    }
}
