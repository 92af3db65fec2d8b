package org.wharfmq.jms.gateway;

import java.util.List;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.TransactionRolledBackException;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/** The one translation of store errors into the JMS exceptions the spec names, keeping code and message. */
final class Errors {
    private Errors() {
    }

    static JMSException of(QueueServiceException e) {
        JMSException j = switch (e.code()) {
            case ErrorCodes.QUEUE_DOES_NOT_EXIST -> new InvalidDestinationException(e.getMessage(), e.code());
            case ErrorCodes.ACCESS_DENIED -> new JMSSecurityException(e.getMessage(), e.code());
            case ErrorCodes.OVER_LIMIT -> new ResourceAllocationException(e.getMessage(), e.code());
            default -> new JMSException(e.getMessage(), e.code());
        };
        return linked(j, e);
    }

    static TransactionRolledBackException rolledBack(String what, QueueServiceException e) {
        return linked(new TransactionRolledBackException(what + ": " + e.getMessage(), e.code()), e);
    }

    /**
     * A commit refused because {@code messageIds} were consumed longer ago than the visibility
     * timeout; {@code account} is the store's, naming the request that found it out.
     */
    static TransactionRolledBackException lateCommit(List<String> messageIds, String account,
                                                     QueueServiceException e) {
        return linked(new TransactionRolledBackException("the transaction was rolled back: it consumed "
                + String.join(", ", messageIds) + " longer ago than the visibility timeout, so "
                + (messageIds.size() == 1 ? "it" : "they") + " will be delivered again (" + account + ")", e.code()),
                e);
    }

    /**
     * An acknowledgement of {@code messageIds} that failed; {@code e} names the request. A refused
     * receipt handle ({@code ReceiptHandleIsInvalid}) was not deleted: its message will be delivered
     * again (a store whose delete was done by an attempt whose answer was lost reports success).
     * A failure of the store's side leaves the delete in doubt, and the message says so.
     */
    static JMSException acknowledgementFailed(List<String> messageIds, QueueServiceException e) {
        String why = e.code().equals(ErrorCodes.RECEIPT_HANDLE_IS_INVALID) || e.senderFault() ? e.getMessage()
                : e.getMessage() + " (in doubt: the request may have deleted " + (messageIds.size() == 1 ? "it" : "them")
                        + " before it failed; what was not deleted will be delivered again)";
        return linked(new JMSException("acknowledgement of " + String.join(", ", messageIds) + " failed: " + why,
                e.code()), e);
    }

    /** {@code text} with the receipt handle of each of {@code deliveries} replaced by its JMSMessageID. */
    static String withMessageIds(String text, List<Delivery> deliveries) {
        String out = text == null ? "" : text;
        for (Delivery d : deliveries) {
            if (d.receiptHandle() != null && !d.receiptHandle().isEmpty()) {
                out = out.replace(d.receiptHandle(), d.messageId());
            }
        }
        return out;
    }

    static <T extends JMSException> T linked(T j, QueueServiceException e) {
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
