package org.wharfmq.ra.outbound;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Whether the calling component runs in a JTA transaction, as the server's
 * TransactionSynchronizationRegistry (java:comp, Jakarta EE 5.10) says. Outside a server there is
 * none to ask, and no JTA transaction.
 */
final class Jta {
    static final String REGISTRY = "java:comp/TransactionSynchronizationRegistry";

    /** The server's registry, once found: one for all components. */
    private static volatile TransactionSynchronizationRegistry registry;

    private Jta() {
    }

    static boolean active() {
        TransactionSynchronizationRegistry r = registry();
        if (r == null) {
            return false;
        }
        int status = r.getTransactionStatus();
        return status == Status.STATUS_ACTIVE || status == Status.STATUS_MARKED_ROLLBACK;
    }

    private static TransactionSynchronizationRegistry registry() {
        TransactionSynchronizationRegistry r = registry;
        if (r == null) {
            try {
                r = (TransactionSynchronizationRegistry) new InitialContext().lookup(REGISTRY);
                registry = r;
            } catch (NamingException | ClassCastException e) {
                return null;
            }
        }
        return r;
    }
}
