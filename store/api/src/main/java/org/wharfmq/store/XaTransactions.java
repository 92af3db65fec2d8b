package org.wharfmq.store;

/**
 * Optional capability: XA branches over store transactions, for a transaction manager. A backend
 * may offer {@link Transactions} without it.
 */
public interface XaTransactions {

    /**
     * A new XA resource. Between {@code start} and {@code end}, {@link StoreXAResource#current()}
     * is the branch's transaction; prepare is durable, and {@code recover} lists prepared branches
     * after a restart: every prepared branch of this store, whichever process prepared it, where
     * several share the store, so that any of them can finish a branch of one that died.
     */
    StoreXAResource xaResource();
}
