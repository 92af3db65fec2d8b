package org.wharfmq.jms;

import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.TransactionRolledBackException;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/** Turns store errors into the JMS exceptions the spec names, keeping the store's code and message. */
final class JmsErrors {
    private JmsErrors() {
    }

    static JMSException of(QueueServiceException e) {
        JMSException j = switch (e.code()) {
            case ErrorCodes.QUEUE_DOES_NOT_EXIST -> new InvalidDestinationException(e.getMessage(), e.code());
            case ErrorCodes.ACCESS_DENIED -> new JMSSecurityException(e.getMessage(), e.code());
            default -> new JMSException(e.getMessage(), e.code());
        };
        j.setLinkedException(e);
        j.initCause(e);
        return j;
    }

    static TransactionRolledBackException rolledBack(String what, QueueServiceException e) {
        TransactionRolledBackException j = new TransactionRolledBackException(what + ": " + e.getMessage(), e.code());
        j.setLinkedException(e);
        j.initCause(e);
        return j;
    }

    /** Runs a store call, turning its failure into a JMSException. */
    static <T> T call(StoreCall<T> call) throws JMSException {
        try {
            return call.run();
        } catch (QueueServiceException e) {
            throw of(e);
        }
    }

    /** A store call. */
    interface StoreCall<T> {
        T run() throws JMSException;
    }
}
