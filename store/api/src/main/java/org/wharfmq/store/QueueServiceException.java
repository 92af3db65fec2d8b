package org.wharfmq.store;

/** A failed queue operation: an error {@link #code()} of docs/model.md and a message naming the bad input. */
public class QueueServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final boolean senderFault;

    public QueueServiceException(String code, String message) {
        this(code, message, true, null);
    }

    public QueueServiceException(String code, String message, boolean senderFault, Throwable cause) {
        super(code + ": " + message, cause);
        this.code = code;
        this.senderFault = senderFault;
    }

    /** The error code, one of {@link ErrorCodes}. */
    public String code() {
        return code;
    }

    /** True when the request was at fault, false when the service was. */
    public boolean senderFault() {
        return senderFault;
    }

    /** The message without the code prefix. */
    public String detail() {
        return getMessage().substring(code.length() + 2);
    }
}
