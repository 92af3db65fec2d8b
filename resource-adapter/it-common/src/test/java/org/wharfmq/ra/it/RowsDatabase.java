package org.wharfmq.ra.it;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import org.apache.derby.jdbc.EmbeddedXADataSource;

/**
 * The Derby database {@link RowsMdb} writes, one row per message consumed: created by the test
 * before the server starts, read inside the server while it runs and by the test once it is down.
 */
public final class RowsDatabase {
    static final String TABLE = "ROWS_SEEN";

    private RowsDatabase() {
    }

    /** Creates the database at {@code dir} with its table, then shuts it down. */
    static void create(Path dir) throws SQLException {
        EmbeddedXADataSource ds = dataSource(dir);
        ds.setCreateDatabase("create");
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE " + TABLE + " (TEXT VARCHAR(64) NOT NULL)");
        }
        shutdown(dir);
    }

    /** The number of rows, counting those of transactions under way or prepared (whose locks it ignores). */
    static long count(DataSource rows) throws SQLException {
        try (Connection c = rows.getConnection(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*) FROM " + TABLE + " WITH UR")) {
            r.next();
            return r.getLong(1);
        }
    }

    /** The number of rows of each text. */
    static Map<String, Integer> rowsPerText(DataSource rows) throws SQLException {
        Map<String, Integer> counts = new HashMap<>();
        try (Connection c = rows.getConnection(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT TEXT, COUNT(*) FROM " + TABLE + " GROUP BY TEXT")) {
            while (r.next()) {
                counts.put(r.getString(1), r.getInt(2));
            }
        }
        return counts;
    }

    /** The transactions the database holds prepared, as {@link Xids#keys} keys. */
    static Set<String> inDoubt(Path dir) throws SQLException, XAException {
        XAConnection c = dataSource(dir).getXAConnection();
        try {
            return Xids.keys(c.getXAResource().recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN));
        } finally {
            c.close();
        }
    }

    static DataSource open(Path dir) {
        return dataSource(dir);
    }

    /** Shuts the database down; Derby reports success as SQLState 08006. */
    static void shutdown(Path dir) throws SQLException {
        EmbeddedXADataSource ds = dataSource(dir);
        ds.setShutdownDatabase("shutdown");
        try {
            ds.getConnection().close();
        } catch (SQLException e) {
            if (!"08006".equals(e.getSQLState())) {
                throw e;
            }
        }
    }

    private static EmbeddedXADataSource dataSource(Path dir) {
        EmbeddedXADataSource ds = new EmbeddedXADataSource();
        ds.setDatabaseName(dir.toString());
        return ds;
    }
}
