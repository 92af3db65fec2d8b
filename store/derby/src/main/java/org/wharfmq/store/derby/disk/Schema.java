package org.wharfmq.store.derby.disk;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.wharfmq.store.derby.index.Publish;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;

/**
 * The store's tables, and the format of a queue's ATTRS column. A queue message is one
 * WHARF_MESSAGE row with its body inline (SMALL or LARGE, BODY_IN_ROW 1). A topic publish to
 * several subscriptions is one WHARF_BODY row: its body, the SENT_AT, VISIBLE_AT, EXPIRES_AT and
 * PRIORITY its copies share, and in COPIES each copy's queue and row id ({@link Publish}); RECEIVED
 * marks the copies received once, GONE those deleted or written out. A copy gets a WHARF_MESSAGE
 * row of its own (BODY_IN_ROW 0, BODY_ID the publish) only when its state needs more: a second
 * receive, a visibility change, a move, or a delay of its own. Rows of stores of
 * version 2 and older keep their bodies in WHARF_BODY (without COPIES) until they are deleted.
 * BODY_IN_ROW lets the loader tell them apart without reading the body columns.
 */
public final class Schema {
    /** WHARF_BODY's columns for a topic publish; null COPIES in a body of an older store. */
    private static final String PUBLISH_COLUMNS = "SENT_AT BIGINT DEFAULT 0 NOT NULL,"
            + " VISIBLE_AT BIGINT DEFAULT 0 NOT NULL, EXPIRES_AT BIGINT DEFAULT 0 NOT NULL,"
            + " PRIORITY SMALLINT DEFAULT 0 NOT NULL, COPIES VARCHAR(32672) FOR BIT DATA,"
            + " RECEIVED VARCHAR(512) FOR BIT DATA, GONE VARCHAR(512) FOR BIT DATA";

    static final String[] DDL = {
        "CREATE TABLE WHARF_META (NAME VARCHAR(64) NOT NULL PRIMARY KEY, VAL VARCHAR(256) NOT NULL)",
        "CREATE TABLE WHARF_QUEUE (ID INT NOT NULL PRIMARY KEY, NAME VARCHAR(1000) NOT NULL,"
            + " KIND SMALLINT NOT NULL, TOPIC VARCHAR(400), SUBSCRIPTION VARCHAR(400), TAG VARCHAR(4000),"
            + " ATTRS VARCHAR(4000) NOT NULL, CREATED_AT BIGINT NOT NULL, MODIFIED_AT BIGINT NOT NULL,"
            + " PURGED_AT BIGINT NOT NULL, DELETED_AT BIGINT NOT NULL)",
        "CREATE TABLE WHARF_MESSAGE (ROW_ID BIGINT NOT NULL, QUEUE_ID INT NOT NULL,"
            + " BODY_ID BIGINT NOT NULL, SEQ BIGINT NOT NULL, SENT_AT BIGINT NOT NULL,"
            + " VISIBLE_AT BIGINT NOT NULL, RECEIVE_COUNT INT NOT NULL, FIRST_RECEIVE_AT BIGINT NOT NULL,"
            + " PRIORITY SMALLINT NOT NULL, EXPIRES_AT BIGINT NOT NULL, GROUP_ID VARCHAR(128),"
            + " DEDUP_ID VARCHAR(128), SOURCE_QUEUE_ID INT DEFAULT 0 NOT NULL, BODY_IN_ROW SMALLINT DEFAULT 0 NOT NULL,"
            + " SMALL VARCHAR(32672) FOR BIT DATA, LARGE BLOB(2M), PRIMARY KEY (QUEUE_ID, ROW_ID))",
        "CREATE TABLE WHARF_BODY (ID BIGINT NOT NULL PRIMARY KEY, SMALL VARCHAR(32672) FOR BIT DATA,"
            + " LARGE BLOB(2M), " + PUBLISH_COLUMNS + ")",
        "CREATE TABLE WHARF_DEDUP (QUEUE_ID INT NOT NULL, DKEY VARCHAR(400) NOT NULL, BODY_ID BIGINT NOT NULL,"
            + " SEQ BIGINT NOT NULL, ACCEPTED_AT BIGINT NOT NULL)",
        "CREATE INDEX WHARF_DEDUP_KEY ON WHARF_DEDUP (QUEUE_ID, DKEY)",
        "CREATE TABLE WHARF_PREPARED (XID VARCHAR(600) NOT NULL PRIMARY KEY, DATA BLOB(64M) NOT NULL)",
    };

    /** The version of these tables, kept in WHARF_META; a store without it is version 1. */
    static final int VERSION = 4;
    static final String META_VERSION = "schema_version";
    /**
     * WHARF_META's floor for new queue-table ids. A dead letter names its source queue by id, and
     * the loader does not read every message row, so ids are never handed out twice.
     */
    public static final String META_NEXT_QUEUE_ID = "next_queue_id";
    /** What takes a store of version {@code i + 1} to version {@code i + 2}. */
    private static final String[][] UPGRADES = {
        // 2: a dead-lettered message remembers its source queue, for message move tasks.
        {"ALTER TABLE WHARF_MESSAGE ADD COLUMN SOURCE_QUEUE_ID INT DEFAULT 0 NOT NULL"},
        // 3: a queue message holds its body. The table keeps the page size it was created with
        // (4 KiB), so there a large inline body spans pages; a new store's table has 32 KiB pages.
        {"ALTER TABLE WHARF_MESSAGE ADD COLUMN BODY_IN_ROW SMALLINT DEFAULT 0 NOT NULL",
            "ALTER TABLE WHARF_MESSAGE ADD COLUMN SMALL VARCHAR(32672) FOR BIT DATA",
            "ALTER TABLE WHARF_MESSAGE ADD COLUMN LARGE BLOB(2M)",
            // A queue's rows are read in order from its key, for the part of a deep queue not in memory.
            "ALTER TABLE WHARF_MESSAGE DROP PRIMARY KEY",
            "ALTER TABLE WHARF_MESSAGE ADD PRIMARY KEY (QUEUE_ID, ROW_ID)",
            // Queue ids are never reused while a dead letter may name its source.
            "INSERT INTO WHARF_META (NAME, VAL) SELECT '" + META_NEXT_QUEUE_ID + "',"
                + " TRIM(CAST(COALESCE(MAX(SOURCE_QUEUE_ID), 0) + 1 AS CHAR(11))) FROM WHARF_MESSAGE"},
        // 4: a topic publish is one row, its copies listed in it.
        {"ALTER TABLE WHARF_BODY ADD COLUMN SENT_AT BIGINT DEFAULT 0 NOT NULL",
            "ALTER TABLE WHARF_BODY ADD COLUMN VISIBLE_AT BIGINT DEFAULT 0 NOT NULL",
            "ALTER TABLE WHARF_BODY ADD COLUMN EXPIRES_AT BIGINT DEFAULT 0 NOT NULL",
            "ALTER TABLE WHARF_BODY ADD COLUMN PRIORITY SMALLINT DEFAULT 0 NOT NULL",
            "ALTER TABLE WHARF_BODY ADD COLUMN COPIES VARCHAR(32672) FOR BIT DATA",
            "ALTER TABLE WHARF_BODY ADD COLUMN RECEIVED VARCHAR(512) FOR BIT DATA",
            "ALTER TABLE WHARF_BODY ADD COLUMN GONE VARCHAR(512) FOR BIT DATA"},
    };

    /** Bodies up to this size are stored in a SMALL column, larger ones in a LARGE column. */
    static final int SMALL_BODY = 32672;

    private Schema() {
    }

    /** Creates the tables of a new store, or brings an older store's up to {@link #VERSION}. */
    static void ensure(Connection c) throws SQLException {
        boolean exists;
        try (ResultSet rs = c.getMetaData().getTables(null, null, "WHARF_META", null)) {
            exists = rs.next();
        }
        try (Statement s = c.createStatement()) {
            if (!exists) {
                for (String ddl : DDL) {
                    s.executeUpdate(ddl);
                }
                s.executeUpdate("INSERT INTO WHARF_META (NAME, VAL) VALUES ('" + META_VERSION + "', '" + VERSION + "')");
            } else {
                upgrade(s);
            }
        }
        c.commit();
    }

    private static void upgrade(Statement s) throws SQLException {
        int version = 1;
        try (ResultSet rs = s.executeQuery("SELECT VAL FROM WHARF_META WHERE NAME = '" + META_VERSION + "'")) {
            if (rs.next()) {
                version = Integer.parseInt(rs.getString(1));
            }
        }
        if (version > VERSION) {
            throw new SQLException("the store's tables are of version " + version + ", newer than this Wharf's "
                    + VERSION + "; open it with a newer Wharf");
        }
        if (version == VERSION) {
            return;
        }
        for (int v = version; v < VERSION; v++) {
            for (String ddl : UPGRADES[v - 1]) {
                s.executeUpdate(ddl);
            }
        }
        s.executeUpdate(version == 1
                ? "INSERT INTO WHARF_META (NAME, VAL) VALUES ('" + META_VERSION + "', '" + VERSION + "')"
                : "UPDATE WHARF_META SET VAL = '" + VERSION + "' WHERE NAME = '" + META_VERSION + "'");
    }

    /** A queue's attributes as its ATTRS column holds them: one {@code name=value} line each. */
    static String encodeAttributes(QueueConfig c) {
        StringBuilder sb = new StringBuilder();
        c.toAttributes().forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString();
    }

    /** The config an ATTRS column describes, on the defaults of a queue called {@code name}. */
    public static QueueConfig decodeAttributes(String name, String attrs, int defaultWindow) {
        Map<String, String> m = new HashMap<>();
        for (String line : attrs.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                m.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return QueueConfig.defaults(Names.isFifo(name), defaultWindow).with(m);
    }
}
