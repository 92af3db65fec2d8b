package org.wharfmq.ra.outbound;

/** What a managed connection needs of the handles it gave out. */
interface ApplicationHandle {

    /** The object the application holds. */
    Object api();

    RequestInfo.Kind kind();

    WharfManagedConnection owner();

    /** The server moves the handle to another managed connection. */
    void reassociate(WharfManagedConnection to);

    /** The server takes the managed connection back: the handle can no longer be used. */
    void invalidate() throws Exception;

    /** The handle behind an object an application held, or null if it is not one. */
    static ApplicationHandle of(Object api) {
        if (api instanceof ConnectionHandle c) {
            return c;
        }
        return Handle.of(api);
    }
}
