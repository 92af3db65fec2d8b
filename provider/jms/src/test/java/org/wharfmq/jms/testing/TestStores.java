package org.wharfmq.jms.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.postgres.testing.PostgresServer;
import org.wharfmq.store.sqs.testing.SqsTestServer;

/**
 * Store URLs for the provider tests, on the backend the run picks. By default every test runs on the
 * in-memory Derby backend. With {@code wharf.test.mask} (a mask of the test-jar's {@code wharf:masked:}
 * backend, such as {@code FilteredReceive,MessageOptions,attributes=10}) it runs there with those
 * capabilities hidden. With {@code wharf.test.backend=sqs} it runs on the SQS backend over the run's
 * shared embedded ElasticMQ, or with {@code wharf.test.server=ymq} over the YMQ-shaped relay in front of
 * it ({@link SqsTestServer}). With {@code wharf.test.backend=postgres} each store is a new schema of the run's
 * PostgreSQL server ({@link PostgresServer}).
 */
public final class TestStores {
    private static final String MASK = System.getProperty("wharf.test.mask", "");
    private static final boolean SQS = System.getProperty("wharf.test.backend", "").equals("sqs");
    private static final boolean POSTGRES = System.getProperty("wharf.test.backend", "").equals("postgres");
    private static final Map<String, Boolean> OFFERED = new ConcurrentHashMap<>();

    private TestStores() {
    }

    /** A fresh store's URL (in-memory stores stay open for the JVM's life, so the name is unique). */
    public static String url(String purpose) {
        if (SQS) {
            // A short purpose keeps prefix plus queue name within SQS's 80 characters.
            return SqsTestServer.storeUrl(purpose.substring(0, Math.min(8, purpose.length())));
        }
        if (POSTGRES) {
            return PostgresServer.shared().storeUrl(purpose);
        }
        String inner = "wharf:memory:" + purpose + "-" + UUID.randomUUID();
        return MASK.isEmpty() ? inner : "wharf:masked:" + MASK + ":" + inner;
    }

    /**
     * A fresh store's URL that outlives closeStore, for a test that restarts its store: a wharf:derby
     * store in {@code dir}, or on the SQS run the shared ElasticMQ.
     */
    public static String restartable(Path dir, String purpose) {
        if (POSTGRES) {
            return PostgresServer.shared().storeUrlOfSchema(PostgresServer.schemaName(dir.resolve(purpose).toString()));
        }
        return SQS ? url(purpose) : "wharf:derby:" + dir.resolve(purpose);
    }

    /** {@code storeUrl} with connection or store options ({@code a=1&b=2}) added. */
    public static String withOptions(String storeUrl, String options) {
        return storeUrl + (storeUrl.contains("?") ? "&" : "?") + options;
    }

    /**
     * True if this run's backend offers {@code capability}, the simple name of a capability
     * interface of the store API (Topics, Browsing, FilteredReceive, MessageOptions, Transactions, XaTransactions,
     * QueueStatistics),
     * as a store opened on it answers.
     */
    public static boolean offers(String capability) {
        return OFFERED.computeIfAbsent(capability, TestStores::probe);
    }

    /** Skips the calling test unless the backend offers {@code capability}, which {@code what} needs. */
    public static void assumeOffers(String capability, String what) {
        assumeTrue(offers(capability), () -> "the backend does not offer " + capability + ", which " + what
                + " needs");
    }

    /** True in the runs on the SQS backend (over ElasticMQ or the YMQ-shaped relay). */
    public static boolean sqs() {
        return SQS;
    }

    /** True in the run on the PostgreSQL backend. */
    public static boolean postgres() {
        return POSTGRES;
    }

    /** Skips the calling test unless the run is on the embedded Derby backend, which {@code why} needs. */
    public static void assumeDerby(String why) {
        assumeTrue(!SQS && !POSTGRES, () -> "Derby only: " + why);
    }

    /**
     * Skips the calling test except in the default run (embedded Derby, nothing masked), for a test
     * that opens its own wharf:derby store and so would only repeat itself in the other runs.
     */
    public static void assumeDefaultRun(String why) {
        assumeTrue(!SQS && !POSTGRES && MASK.isEmpty(), () -> "default run only: " + why);
    }

    private static boolean probe(String capability) {
        Class<?> type;
        try {
            type = Class.forName("org.wharfmq.store." + capability);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("no capability " + capability + " in the store API", e);
        }
        try (QueueService store = QueueServices.open(url("probe"))) {
            return store.extension(type).isPresent();
        }
    }
}
