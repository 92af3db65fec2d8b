package org.wharfmq.store;

import java.util.List;

/** The outcome of a batch: the entries that succeeded and those that failed. */
public record BatchResult<T>(List<T> successful, List<BatchResultErrorEntry> failed) {
    public BatchResult {
        successful = List.copyOf(successful);
        failed = List.copyOf(failed);
    }
}
