package org.wharfmq.store;

/** Optional capability: atomic units of sends, deletes and visibility changes, and XA over them. */
public interface Transactions {

    /** A new local transaction. */
    StoreTransaction begin();

    /**
     * A new XA resource. Between {@code start} and {@code end}, {@link StoreXAResource#current()}
     * is the branch's transaction; prepare is durable, and {@code recover} lists prepared branches
     * after a restart.
     */
    StoreXAResource xaResource();
}
