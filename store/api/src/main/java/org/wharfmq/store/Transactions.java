package org.wharfmq.store;

/** Optional capability: atomic units of sends, deletes and visibility changes. */
public interface Transactions {

    /** A new local transaction. */
    StoreTransaction begin();
}
