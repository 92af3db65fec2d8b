package org.wharfmq.ra;

import java.util.HashMap;
import java.util.Map;
import jakarta.jms.JMSException;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * The stores adapter instances of this .rar use, each closed when its last user lets go. A server
 * may run several instances at once on one store: WildFly starts one for each connection factory
 * or administered object an application defines by annotation.
 */
final class OpenStores {
    private static final Map<String, Integer> USERS = new HashMap<>();

    private OpenStores() {
    }

    /** Opens the store at {@code url} if it is not open, and counts one more user. */
    static synchronized void acquire(String url) throws JMSException {
        new WharfConnectionFactory(url).capabilities();
        USERS.merge(url, 1, Integer::sum);
    }

    /** Counts one user less; the last closes the store. */
    static synchronized void release(String url) throws JMSException {
        Integer left = USERS.merge(url, -1, Integer::sum);
        if (left != null && left <= 0) {
            USERS.remove(url);
            new WharfConnectionFactory(url).closeStore();
        }
    }
}
