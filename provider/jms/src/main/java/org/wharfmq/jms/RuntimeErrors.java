package org.wharfmq.jms;

import jakarta.jms.IllegalStateException;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.InvalidClientIDRuntimeException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.InvalidSelectorRuntimeException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.MessageNotWriteableRuntimeException;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.ResourceAllocationRuntimeException;
import jakarta.jms.TransactionInProgressException;
import jakarta.jms.TransactionInProgressRuntimeException;
import jakarta.jms.TransactionRolledBackException;
import jakarta.jms.TransactionRolledBackRuntimeException;

/** The simplified API's errors: each checked JMS exception of the classic API as its runtime twin. */
final class RuntimeErrors {
    private RuntimeErrors() {
    }

    /** See {@link WharfContext#runtime}. */
    static JMSRuntimeException of(JMSException e) {
        String m = e.getMessage();
        String code = e.getErrorCode();
        if (e instanceof IllegalStateException) {
            return new IllegalStateRuntimeException(m, code, e);
        }
        if (e instanceof InvalidClientIDException) {
            return new InvalidClientIDRuntimeException(m, code, e);
        }
        if (e instanceof InvalidDestinationException) {
            return new InvalidDestinationRuntimeException(m, code, e);
        }
        if (e instanceof InvalidSelectorException) {
            return new InvalidSelectorRuntimeException(m, code, e);
        }
        if (e instanceof JMSSecurityException) {
            return new JMSSecurityRuntimeException(m, code, e);
        }
        if (e instanceof MessageFormatException) {
            return new MessageFormatRuntimeException(m, code, e);
        }
        if (e instanceof MessageNotWriteableException) {
            return new MessageNotWriteableRuntimeException(m, code, e);
        }
        if (e instanceof ResourceAllocationException) {
            return new ResourceAllocationRuntimeException(m, code, e);
        }
        if (e instanceof TransactionInProgressException) {
            return new TransactionInProgressRuntimeException(m, code, e);
        }
        if (e instanceof TransactionRolledBackException) {
            return new TransactionRolledBackRuntimeException(m, code, e);
        }
        return new JMSRuntimeException(m, code, e);
    }

    /** A call of the classic API. */
    interface JmsCall<T> {
        T call() throws JMSException;
    }

    /** An action of the classic API. */
    interface JmsAction {
        void run() throws JMSException;
    }

    /** Makes a classic call, throwing its failure as the runtime twin. */
    static <T> T call(JmsCall<T> c) {
        try {
            return c.call();
        } catch (JMSException e) {
            throw of(e);
        }
    }

    /** Takes a classic action, throwing its failure as the runtime twin. */
    static void run(JmsAction a) {
        try {
            a.run();
        } catch (JMSException e) {
            throw of(e);
        }
    }
}
