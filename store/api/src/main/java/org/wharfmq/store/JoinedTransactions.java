package org.wharfmq.store;

/**
 * Optional capability: a unit of work on a transaction the caller owns, so that the store's work
 * commits or rolls back with the caller's own work in it, without XA. For a backend on a database
 * the resource is a connection to that database in a transaction (a {@code java.sql.Connection}
 * with auto-commit off); the caller's commit or rollback of it decides.
 */
public interface JoinedTransactions {

    /**
     * A unit of work applied on {@code resource} as each step is made: a send, publish, delete or
     * visibility change is part of the caller's transaction at once, and is seen by others when
     * the caller commits it; a stale receipt handle fails its step (the caller's transaction goes
     * on). {@link StoreTransaction#commit()} and {@link StoreTransaction#rollback()} end only the
     * unit, not the caller's transaction. Fails with {@code InvalidParameterValue}, naming the
     * resource's type, when this backend cannot work on it (not a connection, or one to another
     * database or without the store's schema).
     */
    StoreTransaction join(Object resource);
}
