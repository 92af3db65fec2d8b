package org.wharfmq.store.derby.disk;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.derby.index.Payload;

/** The store's Derby database: the writer connection, a pool of body readers, boot and shutdown. */
public final class Database implements AutoCloseable {
    private static final int READERS = 4;
    /** How long to wait for a store another process is creating to appear (XJ004 until then). */
    private static final long CREATED_ELSEWHERE_WAIT_NANOS = 10_000_000_000L;

    static {
        if (System.getProperty("derby.stream.error.file") == null) {
            System.setProperty("derby.stream.error.field", DerbyLog.class.getName() + ".SINK");
        }
        // Derby writes its log buffer with a synchronous write each time it fills: at the default
        // 32 KiB a transaction of 100 messages took five such writes instead of one. A log file
        // of 16 MiB instead of 1 MiB means a sixteenth of the file switches, each of which syncs.
        defaultProperty("derby.storage.logBufferSize", "1048576");
        defaultProperty("derby.storage.logSwitchInterval", "16777216");
        // Every statement reads by key, so statistics choose no plan; but after a reopen Derby's
        // statistics thread scanned the whole key of a deep queue's table, on a core the receives needed.
        defaultProperty("derby.storage.indexStats.auto", "false");
        // A store holds messages: Derby makes what it creates readable only by its owner (StoreDirectory).
        defaultProperty(StoreDirectory.DEFAULT_PERMISSIONS, "false");
    }

    /** Sets a Derby system property unless the user set it. */
    private static void defaultProperty(String name, String value) {
        if (System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }

    /**
     * Derby's driver, used directly rather than through DriverManager: in an application server
     * (the .rar) DriverManager may not see Derby's jar, or may have let go of its driver when an
     * application was undeployed.
     */
    private static final java.sql.Driver DERBY = new org.apache.derby.jdbc.EmbeddedDriver();

    private static Connection connect(String url) throws SQLException {
        Connection c = DERBY.connect(url, new java.util.Properties());
        if (c == null) {
            throw new SQLException("Derby does not accept " + url);
        }
        return c;
    }

    private final String jdbcUrl;
    private final String dir;
    private final boolean memory;
    private Connection writer;
    private final BlockingQueue<Connection> readers = new ArrayBlockingQueue<>(READERS);
    private int readersOpened;

    public Database(String derbyName, boolean memory) {
        this.jdbcUrl = "jdbc:derby:" + (memory ? "memory:" : "") + derbyName;
        this.dir = derbyName;
        if (!memory) {
            StoreDirectory.prepare(new java.io.File(derbyName));
        }
        this.memory = memory;
        try {
            writer = memory ? openWriter(";create=true") : openOrCreate();
            if (writer.getMetaData().isReadOnly()) {
                closeQuietly(writer);
                shutdown();
                throw Faults.of(dir, "open", new SQLException("the database booted read-only", "25502"));
            }
            Schema.ensure(writer);
        } catch (SQLException e) {
            closeQuietly(writer);
            if (!memory && StoreDirectory.readOnly(new java.io.File(derbyName))) {
                // Making its temporary directory owner-only fails there before Derby sees it is read-only.
                throw Faults.of(dir, "open", new SQLException("the store's directory is read-only", "25502", e));
            }
            throw Faults.of(dir, "open", e);
        }
    }

    /**
     * Opens the store, creating it if it does not exist. When another process created the
     * directory meanwhile (or is still creating it), opens what it made: Derby then refuses it as in use (XSDB6) while that
     * process holds it, which {@link Faults} tells plainly, instead of "Directory ... already exists".
     */
    private Connection openOrCreate() throws SQLException {
        try {
            return openWriter(";create=true");
        } catch (SQLException e) {
            if (!Faults.hasState(e, "XBM0J") && !creatingElsewhere(e)) {
                throw e;
            }
            return openCreatedElsewhere(e);
        }
    }

    /** Opens a store another process is creating; retries briefly while its database is not there yet. */
    private Connection openCreatedElsewhere(SQLException first) throws SQLException {
        long deadline = System.nanoTime() + CREATED_ELSEWHERE_WAIT_NANOS;
        while (true) {
            try {
                return openWriter("");
            } catch (SQLException e) {
                if (!creatingElsewhere(e) || System.nanoTime() > deadline) {
                    e.addSuppressed(first);
                    throw e;
                }
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw first;
            }
        }
    }

    /**
     * True while the other process is still creating the database: not there yet (XJ004), its
     * directory without service.properties (XBM0A), or that file not yet written whole (XCY03).
     */
    private static boolean creatingElsewhere(SQLException e) {
        return Faults.hasState(e, "XJ004") || Faults.hasState(e, "XBM0A") || Faults.hasState(e, "XCY03");
    }

    private Connection openWriter(String attributes) throws SQLException {
        Connection c = connect(jdbcUrl + attributes);
        c.setAutoCommit(false);
        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        return c;
    }

    /** The store's directory (or memory name), as messages name it. */
    String dir() {
        return dir;
    }

    /**
     * A new writer connection after Derby lost the old one (it shuts a database down when a page
     * cannot be written, a full disk say): boots the database again, which recovers it from its
     * log, and drops the readers, which went with it.
     */
    synchronized Connection reopenWriter() throws SQLException {
        for (Connection c = readers.poll(); c != null; c = readers.poll()) {
            closeQuietly(c);
            readersOpened--;
        }
        closeQuietly(writer);
        writer = openWriter("");
        return writer;
    }

    /** The connection only the journal thread (and the loader, before it starts) may use. */
    public Connection writer() {
        return writer;
    }

    /** A body read from disk, with its encoded size. */
    public record Body(long id, Payload payload, int bytes) {
    }

    /** A read on a reader connection. */
    public interface Read<T> {
        T run(Connection c) throws SQLException;
    }

    /**
     * Runs {@code read} on a reader connection, which sees uncommitted rows: fit for rows that no
     * open write changes (bodies, a cold tail's rows). {@code what} names it in an error.
     */
    public <T> T read(String what, Read<T> read) {
        Connection c = borrow();
        try {
            T out = read.run(c);
            c.commit();
            return out;
        } catch (SQLException e) {
            if (Faults.kind(e) != Faults.Kind.OTHER) {
                // Derby let go of the database: a new reader must connect again.
                closeQuietly(c);
                synchronized (this) {
                    readersOpened--;
                }
                c = null;
            }
            throw Faults.of(dir, what, e);
        } finally {
            if (c != null) {
                readers.offer(c);
            }
        }
    }

    /**
     * Reads body {@code first} and the bodies stored after it, up to {@code maxRows} rows and about
     * {@code maxBytes}, in one index scan: the bodies of the messages sent after a missed one are
     * usually the next ones received. {@code queueId}, when not 0: {@code first} is inline in a row
     * of that queue, and so are the bodies read after it (rows without one are skipped); else all
     * are WHARF_BODY rows. A body deleted or moved meanwhile is not there.
     */
    public List<Body> readFrom(long first, int queueId, int maxRows, int maxBytes) {
        return read("read message bodies of", c -> {
            List<Body> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(queueId != 0
                    ? "SELECT ROW_ID, SMALL, LARGE FROM WHARF_MESSAGE WHERE QUEUE_ID = ? AND ROW_ID >= ?"
                            + " ORDER BY ROW_ID FETCH FIRST " + maxRows + " ROWS ONLY"
                    : "SELECT ID, SMALL, LARGE FROM WHARF_BODY WHERE ID >= ? ORDER BY ID FETCH FIRST " + maxRows
                            + " ROWS ONLY")) {
                int i = 1;
                if (queueId != 0) {
                    s.setInt(i++, queueId);
                }
                s.setLong(i, first);
                int bytes = 0;
                try (ResultSet rs = s.executeQuery()) {
                    while (bytes < maxBytes && rs.next()) {
                        byte[] data = rs.getBytes(2);
                        if (data == null) {
                            data = rs.getBytes(3);
                        }
                        if (data == null) {
                            continue;
                        }
                        out.add(new Body(rs.getLong(1), Payload.decode(data), data.length));
                        bytes += data.length;
                    }
                }
            }
            return out;
        });
    }

    private Connection borrow() {
        Connection c = readers.poll();
        if (c != null) {
            return c;
        }
        synchronized (this) {
            if (readersOpened < READERS) {
                try {
                    c = connect(jdbcUrl);
                    c.setAutoCommit(false);
                    // Bodies never change once written, so readers need no locks.
                    c.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
                    readersOpened++;
                    return c;
                } catch (SQLException e) {
                    throw new QueueServiceException(ErrorCodes.INTERNAL_FAILURE,
                            "cannot open a reader connection: " + e.getMessage(), false, e);
                }
            }
        }
        try {
            return readers.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueueServiceException(ErrorCodes.SERVICE_UNAVAILABLE, "interrupted while reading", false, e);
        }
    }

    /** Closes connections and shuts the database down; a memory database is dropped. */
    @Override
    public void close() {
        for (Connection c : readers) {
            closeQuietly(c);
        }
        closeQuietly(writer);
        shutdown();
    }

    private void shutdown() {
        try {
            connect(jdbcUrl + (memory ? ";drop=true" : ";shutdown=true")).close();
        } catch (SQLException expected) {
            // Derby reports a successful shutdown or drop as an exception (08006).
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            if (c != null && !c.isClosed()) {
                c.rollback();
                c.close();
            }
        } catch (SQLException ignored) {
            // Shutting down anyway.
        }
    }
}
