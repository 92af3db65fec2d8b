package org.wharfmq.ra;

import java.util.HashMap;
import java.util.Map;
import jakarta.jms.JMSException;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * The stores adapter instances of this .rar use, each held open by one connection factory and
 * closed when its last adapter instance lets go, even if pooled connections still use it: the .rar
 * may be going away, and a redeployed one must find the store free. A server may run several
 * instances at once on one store: WildFly starts one for each connection factory or administered
 * object an application defines by annotation.
 */
final class OpenStores {
    private static final Map<String, Integer> USERS = new HashMap<>();
    private static final Map<String, WharfConnectionFactory> HELD = new HashMap<>();

    private OpenStores() {
    }

    /** Opens the store at {@code url} if it is not open, and counts one more user. */
    static synchronized void acquire(String url) throws JMSException {
        WharfConnectionFactory held = HELD.get(url);
        if (held == null) {
            held = new WharfConnectionFactory(url);
            held.capabilities();
            HELD.put(url, held);
        }
        USERS.merge(url, 1, Integer::sum);
    }

    /** Counts one user less; the last closes the store. */
    static synchronized void release(String url) throws JMSException {
        Integer left = USERS.merge(url, -1, Integer::sum);
        if (left != null && left <= 0) {
            USERS.remove(url);
            WharfConnectionFactory held = HELD.remove(url);
            held.close();
            held.closeStore();
        }
    }
}
