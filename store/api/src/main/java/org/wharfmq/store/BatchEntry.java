package org.wharfmq.store;

/** One entry of a batch request: its batch id and its value. */
public record BatchEntry<T>(String id, T value) {
}
