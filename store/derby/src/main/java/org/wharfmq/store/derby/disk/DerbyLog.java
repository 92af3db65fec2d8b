package org.wharfmq.store.derby.disk;

import java.io.OutputStream;

/** Where Derby's own log goes: nowhere. Failures reach callers as exceptions. */
public final class DerbyLog {
    /** Named by the {@code derby.stream.error.field} system property, which needs a public field. */
    public static final OutputStream SINK = OutputStream.nullOutputStream();

    private DerbyLog() {
    }
}
