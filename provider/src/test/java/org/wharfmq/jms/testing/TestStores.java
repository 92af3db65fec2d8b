package org.wharfmq.jms.testing;

import java.util.Arrays;
import java.util.UUID;

/**
 * Store URLs for the provider tests. With the system property {@code wharf.test.mask} (a mask of
 * the test-jar's {@code wharf:masked:} backend, such as {@code FilteredReceive,MessageOptions,attributes=10})
 * every test runs on the in-memory Derby backend with those capabilities hidden.
 */
public final class TestStores {
    private static final String MASK = System.getProperty("wharf.test.mask", "");

    private TestStores() {
    }

    /** A fresh in-memory store's URL (stores stay open for the JVM's life, so the name is unique). */
    public static String url(String purpose) {
        String inner = "wharf:memory:" + purpose + "-" + UUID.randomUUID();
        return MASK.isEmpty() ? inner : "wharf:masked:" + MASK + ":" + inner;
    }

    /**
     * True unless the run hides {@code capability} (Topics, Browsing, FilteredReceive, MessageOptions,
     * Transactions, XaTransactions).
     */
    public static boolean offers(String capability) {
        return Arrays.stream(MASK.split(",")).noneMatch(capability::equals);
    }
}
