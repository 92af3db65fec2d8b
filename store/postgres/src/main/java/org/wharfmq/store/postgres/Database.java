package org.wharfmq.store.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Properties;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/**
 * The pool of connections to one schema, and the one place where a unit of work is run: each in a
 * transaction of its own (READ COMMITTED), committed when it returns, rolled back when it throws.
 * An SQLException becomes a QueueServiceException that names the store (its URL as printable) and
 * the cause, never the password.
 */
final class Database implements AutoCloseable {

    /** Where the store is and how to log in; {@code printable} is the store URL with its password hidden. */
    record Settings(String jdbcUrl, String schema, String user, String password, int poolSize, String ssl,
                    String sslMode, String printable) {
        @Override
        public String toString() {
            return printable;
        }
    }

    /** Work on a connection inside a transaction. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final Settings settings;
    private final HikariDataSource pool;
    private final Properties login;

    private Database(Settings settings, HikariDataSource pool, Properties login) {
        this.settings = settings;
        this.pool = pool;
        this.login = login;
    }

    static Database open(Settings s) {
        HikariConfig c = new HikariConfig();
        c.setJdbcUrl(s.jdbcUrl());
        // Named, so that the pool loads pgjdbc from this class loader: DriverManager lists only the drivers
        // registered from the caller's loader, and in an application server that may be an earlier deployment's.
        c.setDriverClassName(org.postgresql.Driver.class.getName());
        Properties p = new Properties();
        if (s.user() != null) {
            p.setProperty("user", s.user());
        }
        if (s.password() != null) {
            p.setProperty("password", s.password());
        }
        if (s.ssl() != null) {
            p.setProperty("ssl", s.ssl());
        }
        if (s.sslMode() != null) {
            p.setProperty("sslmode", s.sslMode());
        }
        p.setProperty("ApplicationName", "wharf");
        p.setProperty("currentSchema", s.schema());
        p.setProperty("connectTimeout", "10");
        p.setProperty("reWriteBatchedInserts", "true");
        c.setDataSourceProperties(p);
        c.setMaximumPoolSize(s.poolSize());
        // An idle store holds no pooled connection, only its listener's (see #dedicated).
        c.setMinimumIdle(0);
        c.setIdleTimeout(30_000);
        c.setAutoCommit(false);
        c.setConnectionTimeout(10_000);
        c.setValidationTimeout(5_000);
        c.setInitializationFailTimeout(-1);
        c.setPoolName("wharf-" + s.schema());
        c.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        // A generic plan, made once while a queue's table is small, sorts the whole queue on each receive
        // when it has grown (8 ms a claim against 0.7 ms planned for the values, under S3's load).
        c.setConnectionInitSql("SET plan_cache_mode = force_custom_plan");
        HikariDataSource ds = new HikariDataSource(c);
        return new Database(s, ds, p);
    }

    Settings settings() {
        return settings;
    }

    /** Runs {@code work} in a transaction of its own and commits it. */
    <T> T tx(String what, Work<T> work) {
        try (Connection c = connection(what)) {
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            }
        } catch (SQLException e) {
            throw fault(what, e);
        }
    }

    /** A connection of the pool, in a transaction the caller ends; close it to give it back. */
    Connection connection(String what) {
        try {
            return pool.getConnection();
        } catch (SQLException e) {
            throw fault(what, e);
        }
    }

    /** A connection of its own, outside the pool, for a job that holds one for long (LISTEN); auto-commit on. */
    Connection dedicated(String what) {
        try {
            // The driver itself, not DriverManager, which in an application server may not see it.
            Connection c = new org.postgresql.Driver().connect(settings.jdbcUrl(), login);
            if (c == null) {
                throw new SQLException("pgjdbc does not take the URL of store " + settings.printable(), "08001");
            }
            c.setAutoCommit(true);
            return c;
        } catch (SQLException e) {
            throw fault(what, e);
        }
    }

    static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is broken: the pool drops it
        }
    }

    /** The store's error for a failed {@code what}: the cause named, the store named as it may be printed. */
    QueueServiceException fault(String what, SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String cause = causes(e);
        // The pool's own timeout has no SQLState when no connection attempt failed, only took too long.
        if (state.startsWith("08") || state.startsWith("57") || state.equals("53300")
                || e instanceof SQLTransientConnectionException) {
            return new QueueServiceException(ErrorCodes.SERVICE_UNAVAILABLE, what + " failed: PostgreSQL store "
                    + settings.printable() + " is unreachable (" + cause + ")", false, e);
        }
        if (state.equals("42501")) {
            return new QueueServiceException(ErrorCodes.ACCESS_DENIED, what + " failed on PostgreSQL store "
                    + settings.printable() + ": the database user lacks a privilege (" + cause + ")", false, e);
        }
        return new QueueServiceException(ErrorCodes.INTERNAL_FAILURE, what + " failed on PostgreSQL store "
                + settings.printable() + ": " + cause + " (SQLState " + state + ")", false, e);
    }

    /**
     * The messages of {@code e} and of its causes, so that a pool's timeout names why it could not
     * connect ("Connection to ... refused") and an I/O error names what broke.
     */
    private static String causes(Throwable e) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = e; t != null && out.length() < 1_000; t = t.getCause() == t ? null : t.getCause()) {
            String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (out.indexOf(m) < 0) {
                out.append(out.length() == 0 ? "" : ": ").append(m);
            }
        }
        return out.toString();
    }

    @Override
    public void close() {
        pool.close();
    }
}
