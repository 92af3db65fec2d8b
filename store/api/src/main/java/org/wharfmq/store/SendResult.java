package org.wharfmq.store;

/**
 * The result of a send: the MessageId, the MD5 of the body (hex), and for FIFO queues the
 * SequenceNumber. A deduplicated send returns the original's id and sequence number.
 * {@code id} is the batch entry id, null for a single send.
 */
public record SendResult(String id, String messageId, String md5OfMessageBody, String sequenceNumber) {
}
