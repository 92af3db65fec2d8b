package org.wharfmq.jms.context;

import java.util.UUID;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** Fresh in-memory stores and names for the context tests. */
final class Stores {
    /** How long a receive waits for a message that should come. */
    static final long ARRIVES = 5_000;
    /** How long a receive waits to show that no message comes. */
    static final long NOTHING = 300;

    private Stores() {
    }

    /** A factory on a store of its own (stores stay open for the JVM's life, so the name is unique). */
    static WharfConnectionFactory factory(String purpose) {
        return new WharfConnectionFactory(TestStores.url(purpose));
    }

    static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
