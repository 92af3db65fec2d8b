package org.wharfmq.ra;

import java.nio.file.Path;

/** Where the adapter keeps its store when {@code connectionURL} is not set: under the server's data directory. */
final class StoreLocation {

    private StoreLocation() {
    }

    /**
     * {@code wharf:derby:<data>/wharf}, where {@code <data>} is WildFly's {@code jboss.server.data.dir},
     * else Payara's domain directory ({@code com.sun.aas.instanceRoot}) plus {@code data}, else the
     * working directory.
     */
    static String defaultUrl() {
        String data = System.getProperty("jboss.server.data.dir");
        if (data == null) {
            String domain = System.getProperty("com.sun.aas.instanceRoot");
            data = domain == null ? System.getProperty("user.dir") : Path.of(domain, "data").toString();
        }
        return "wharf:derby:" + Path.of(data, "wharf").toAbsolutePath();
    }
}
