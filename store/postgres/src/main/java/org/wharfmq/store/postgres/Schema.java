package org.wharfmq.store.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The store's tables, created on first open and upgraded in place: {@code wharf_meta} holds the
 * schema version. Several processes may open a new schema at once: the first takes an advisory
 * lock and creates it, the others wait and find it done. docs/postgres.md explains each table.
 */
final class Schema {
    static final int VERSION = 3;
    private static final long LOCK = 0x5748_4152_4601L;

    /**
     * Version 1. A received message is {@code leased}: it leaves the index that receives walk in
     * delivery order ({@code wharf_message_ready}) for one by the end of its visibility timeout, so
     * that messages in flight never lie on a receive's path.
     */
    private static final List<String> V1 = List.of(
            "CREATE TABLE wharf_meta (name text PRIMARY KEY, value text NOT NULL)",
            "CREATE SEQUENCE wharf_queue_id",
            "CREATE SEQUENCE wharf_message_id",
            """
            CREATE TABLE wharf_queue (
              id integer PRIMARY KEY, name text NOT NULL UNIQUE, fifo boolean NOT NULL,
              kind smallint NOT NULL, attributes text NOT NULL, created_at bigint NOT NULL,
              modified_at bigint NOT NULL, last_purge bigint NOT NULL DEFAULT 0,
              topic text, subscription text, tag text, owner text)""",
            "CREATE INDEX wharf_queue_topic ON wharf_queue (topic, subscription) WHERE topic IS NOT NULL",
            "CREATE TABLE wharf_deleted (name text PRIMARY KEY, deleted_at bigint NOT NULL)",
            "CREATE TABLE wharf_topic (name text PRIMARY KEY, created_at bigint NOT NULL)",
            """
            CREATE TABLE wharf_message (
              queue_id integer NOT NULL, id bigint NOT NULL, message_id text NOT NULL,
              body text NOT NULL, attributes bytea, sent_at bigint NOT NULL, visible_at bigint NOT NULL,
              receive_count integer NOT NULL DEFAULT 0, first_receive bigint NOT NULL DEFAULT 0,
              priority smallint NOT NULL, expires_at bigint NOT NULL, group_id text, dedup_id text,
              source_queue text, leased boolean NOT NULL DEFAULT false, PRIMARY KEY (queue_id, id))
            WITH (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500,
                  autovacuum_vacuum_cost_delay = 0, autovacuum_analyze_scale_factor = 0.05)""",
            "CREATE INDEX wharf_message_ready ON wharf_message (queue_id, priority DESC, id) WHERE NOT leased",
            "CREATE INDEX wharf_message_leased ON wharf_message (queue_id, visible_at) WHERE leased",
            "CREATE INDEX wharf_message_group ON wharf_message (queue_id, group_id, id) WHERE group_id IS NOT NULL",
            """
            CREATE TABLE wharf_dedup (
              queue_id integer NOT NULL, key bytea NOT NULL, message_id text NOT NULL, seq bigint NOT NULL,
              sent_at bigint NOT NULL, PRIMARY KEY (queue_id, key))""",
            """
            CREATE TABLE wharf_attempt (
              queue_id integer NOT NULL, attempt_id text NOT NULL, at bigint NOT NULL, rows text NOT NULL,
              PRIMARY KEY (queue_id, attempt_id))""",
            """
            CREATE TABLE wharf_move_task (
              handle text PRIMARY KEY, source_id integer NOT NULL, source text NOT NULL, destination_id integer,
              destination text, rate integer, status text NOT NULL, moved bigint NOT NULL, to_move bigint NOT NULL,
              up_to bigint NOT NULL, failure text, started_at bigint NOT NULL,
              started bigint GENERATED ALWAYS AS IDENTITY)""",
            "CREATE UNIQUE INDEX wharf_move_task_running ON wharf_move_task (source_id) WHERE status = 'RUNNING'",
            """
            CREATE TABLE wharf_xa_hold (
              gid text NOT NULL, queue_id integer NOT NULL, id bigint NOT NULL, receive_count integer NOT NULL,
              seconds integer NOT NULL)""",
            "CREATE INDEX wharf_xa_hold_gid ON wharf_xa_hold (gid)",
            "CREATE TABLE wharf_instance (id text PRIMARY KEY, started_at bigint NOT NULL, seen_at bigint NOT NULL)");

    /**
     * Version 2. A message that may be lost in a crash (NON_PERSISTENT) is {@code lossy}: the
     * receive that deletes it waits for the disk, so that a crash cannot keep it and lose its
     * delete; the delete of any other message may commit without waiting.
     */
    private static final List<String> V2 = List.of(
            "ALTER TABLE wharf_message ADD COLUMN lossy boolean NOT NULL DEFAULT false");
    /** The open store that held a message for its XA branch: if it dies before the branch is prepared, another releases it. */
    private static final List<String> V3 = List.of(
            "ALTER TABLE wharf_xa_hold ADD COLUMN instance text");

    private Schema() {
    }

    /** Creates or upgrades the schema {@code schema} on {@code c}, and commits. */
    static void prepare(Connection c, String schema) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_xact_lock(" + LOCK + ")");
            s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
            s.execute("SET LOCAL search_path TO " + schema);
            int version = 0;
            try (ResultSet r = s.executeQuery("SELECT 1 FROM information_schema.tables WHERE table_schema = '"
                    + schema + "' AND table_name = 'wharf_meta'")) {
                if (r.next()) {
                    try (ResultSet v = s.executeQuery("SELECT value FROM wharf_meta WHERE name = 'version'")) {
                        version = v.next() ? Integer.parseInt(v.getString(1)) : 0;
                    }
                }
            }
            if (version > VERSION) {
                throw new SQLException("schema " + schema + " is of version " + version + ", newer than this Wharf's "
                        + VERSION + ": upgrade Wharf", "WHARF");
            }
            if (version < 1) {
                for (String ddl : V1) {
                    s.execute(ddl);
                }
                s.execute("INSERT INTO wharf_meta VALUES ('version', '1')");
            }
            if (version < 2) {
                for (String ddl : V2) {
                    s.execute(ddl);
                }
                s.execute("UPDATE wharf_meta SET value = '2' WHERE name = 'version'");
            }
            if (version < 3) {
                for (String ddl : V3) {
                    s.execute(ddl);
                }
                s.execute("UPDATE wharf_meta SET value = '3' WHERE name = 'version'");
            }
        }
        c.commit();
    }
}
