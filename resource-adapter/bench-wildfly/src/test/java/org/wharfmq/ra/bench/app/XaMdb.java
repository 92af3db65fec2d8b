package org.wharfmq.ra.bench.app;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;
import jakarta.annotation.Resource;

/**
 * Inserts a row into the H2 XA data source for each message, in the container's transaction, which
 * also takes the message from the queue: two XA resources, so the transaction commits in two phases.
 */
abstract class XaMdb extends TimedMdb {
    @Resource(lookup = S11.ROWS)
    private DataSource rows;

    @Override
    void work(int run, int seq) {
        try (Connection c = rows.getConnection();
                PreparedStatement insert = c.prepareStatement("INSERT INTO " + S11.TABLE + " (RUN, SEQ) VALUES (?, ?)")) {
            insert.setInt(1, run);
            insert.setInt(2, seq);
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
