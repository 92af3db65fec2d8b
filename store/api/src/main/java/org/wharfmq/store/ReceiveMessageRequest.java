package org.wharfmq.store;

/**
 * ReceiveMessage's parameters. Null {@code visibilityTimeout} and {@code waitTimeSeconds} mean
 * the queue's; {@code receiveRequestAttemptId} is for FIFO queues.
 */
public record ReceiveMessageRequest(String queueUrl, int maxNumberOfMessages, Integer visibilityTimeout,
                                    Integer waitTimeSeconds, String receiveRequestAttemptId) {

    /** Up to {@code max} messages, queue defaults, no waiting. */
    public static ReceiveMessageRequest of(String queueUrl, int max) {
        return new ReceiveMessageRequest(queueUrl, max, null, 0, null);
    }

    public ReceiveMessageRequest withVisibilityTimeout(Integer seconds) {
        return new ReceiveMessageRequest(queueUrl, maxNumberOfMessages, seconds, waitTimeSeconds,
                receiveRequestAttemptId);
    }

    public ReceiveMessageRequest withWaitTimeSeconds(Integer seconds) {
        return new ReceiveMessageRequest(queueUrl, maxNumberOfMessages, visibilityTimeout, seconds,
                receiveRequestAttemptId);
    }

    public ReceiveMessageRequest withAttemptId(String attemptId) {
        return new ReceiveMessageRequest(queueUrl, maxNumberOfMessages, visibilityTimeout, waitTimeSeconds,
                attemptId);
    }
}
