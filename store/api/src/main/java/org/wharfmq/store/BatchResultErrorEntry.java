package org.wharfmq.store;

/** A failed batch entry: its id, the error code, a message, and whose fault it was. */
public record BatchResultErrorEntry(String id, String code, String message, boolean senderFault) {
}
