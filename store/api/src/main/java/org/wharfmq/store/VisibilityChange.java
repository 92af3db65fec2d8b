package org.wharfmq.store;

/** A receipt handle and the new visibility timeout for it, in seconds. */
public record VisibilityChange(String receiptHandle, int visibilityTimeoutSeconds) {
}
