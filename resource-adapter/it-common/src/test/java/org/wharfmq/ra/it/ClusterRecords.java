package org.wharfmq.ra.it;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import javax.sql.DataSource;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

/**
 * What the cluster's MDBs did: each delivery that commits inserts one row into the table
 * {@value #TABLE} of the database the nodes share, through an XA data source in the delivery's
 * transaction, so a row exists exactly for a delivery whose message Wharf deleted.
 */
public final class ClusterRecords {
    public static final String TABLE = "cluster_record";
    /** The MDBs' reference to the records' data source, which each server's web.xml maps ({@link ClusterApp}). */
    public static final String DATA_SOURCE = "jdbc/records";
    public static final String WORK = "it-cluster-work";
    public static final String FIFO = "it-cluster-work.fifo";
    public static final String TOPIC = "it-cluster-topic";
    public static final String SUBSCRIPTION = "it-cluster-sub";
    /**
     * Seconds a delivered message stays hidden: a dead node's are delivered again after this, and
     * those it held for a branch it had not yet prepared about as soon (the others find it dead
     * 25 to 35 s after it died).
     */
    public static final int VISIBILITY_TIMEOUT = 30;
    /** The system property that names a node, set on each server's command line. */
    public static final String NODE = "wharf.cluster.node";
    public static final String CREATE = "CREATE TABLE " + TABLE + " (kind VARCHAR(10), body VARCHAR(100), node VARCHAR(20),"
            + " grp VARCHAR(20), seq INT, deliveries INT, entered BIGINT, done BIGINT)";
    /** How long each delivery works, in ms: long enough that the nodes' sessions overlap. */
    private static final long WORK_MS = 10;

    private ClusterRecords() {
    }

    /** Works on {@code m} a while, then notes it as {@code kind} in the delivery's transaction. */
    static void note(DataSource records, String kind, Message m) {
        try {
            long entered = micros();
            Thread.sleep(WORK_MS);
            try (Connection c = records.getConnection();
                 PreparedStatement s = c.prepareStatement("INSERT INTO " + TABLE + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                s.setString(1, kind);
                s.setString(2, ((TextMessage) m).getText());
                s.setString(3, System.getProperty(NODE, "?"));
                s.setString(4, m.getStringProperty("JMSXGroupID"));
                s.setInt(5, m.propertyExists("seq") ? m.getIntProperty("seq") : -1);
                s.setInt(6, m.getIntProperty("JMSXDeliveryCount"));
                s.setLong(7, entered);
                s.setLong(8, micros());
                s.executeUpdate();
            }
        } catch (JMSException | SQLException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Microseconds since the epoch: the nodes run on one machine, so their clocks agree. */
    public static long micros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
    }
}
