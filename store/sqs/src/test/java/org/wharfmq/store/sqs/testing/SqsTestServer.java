package org.wharfmq.store.sqs.testing;

/**
 * The server of a test run on the SQS backend, as {@code wharf.test.server} names it: {@code elasticmq}
 * (the default), the run's shared {@link ElasticMq}, or {@code ymq}, the run's shared {@link YmqRelay}
 * in front of it, which keeps Yandex Message Queue's documented rules.
 */
public final class SqsTestServer {
    private static final String SERVER = System.getProperty("wharf.test.server", "elasticmq");

    private SqsTestServer() {
    }

    /** True if this run's server is the YMQ-shaped relay. */
    public static boolean ymq() {
        return switch (SERVER) {
            case "ymq" -> true;
            case "elasticmq" -> false;
            default -> throw new IllegalArgumentException("wharf.test.server is '" + SERVER
                    + "': it must be elasticmq or ymq");
        };
    }

    /** A fresh store URL on this run's server; see {@link ElasticMq#storeUrl} and {@link YmqRelay#storeUrl}. */
    public static String storeUrl(String purpose) {
        return ymq() ? YmqRelay.shared().storeUrl(purpose) : ElasticMq.shared().storeUrl(purpose);
    }

    /** The server's name in reports. */
    public static String name() {
        return ymq() ? "the YMQ-shaped relay" : "ElasticMQ";
    }
}
