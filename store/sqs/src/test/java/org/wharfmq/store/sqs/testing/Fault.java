package org.wharfmq.store.sqs.testing;

/** What {@link FaultRelay} does to a request instead of relaying it plainly. */
public enum Fault {
    /**
     * HTTP 400 with a throttling code of SQS, {@code RequestThrottled} and {@code ThrottlingException}
     * in turn (the API reference's per-action and common errors); the server does not see the request.
     */
    THROTTLE,
    /** HTTP 500 {@code InternalFailure}; the server does not see the request. */
    ERROR_500,
    /** HTTP 503 {@code ServiceUnavailable}; the server does not see the request. */
    UNAVAILABLE_503,
    /** The connection is reset (TCP RST) once the request is read; the server does not see it. */
    RESET_BEFORE,
    /** The request goes to the server, which acts on it; then the connection is reset and the answer dropped. */
    RESET_AFTER,
    /**
     * The request is held for the script's stall time (longer than the client's timeout), then goes
     * to the server, which acts on it late; its answer goes to a client that has most likely gone.
     */
    STALL
}
