package org.wharfmq.store.derby.disk;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.wharfmq.store.derby.index.BodyCache;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.Payload;
import org.wharfmq.store.derby.index.QueueState;

/**
 * WHARF_MESSAGE rows read back as the index's messages: how a row becomes a {@link Msg} (the
 * loader reads them so too), and the two reads of a deep queue's tail on disk.
 */
public final class MessageRows {
    /** The columns of a message but its body; {@link #message} reads them. */
    public static final String COLUMNS = "ROW_ID, QUEUE_ID, BODY_ID, SEQ, SENT_AT, VISIBLE_AT,"
            + " RECEIVE_COUNT, FIRST_RECEIVE_AT, PRIORITY, EXPIRES_AT, GROUP_ID, DEDUP_ID, SOURCE_QUEUE_ID,"
            + " BODY_IN_ROW";

    private MessageRows() {
    }

    /** A message of {@code q} from a row of {@link #COLUMNS}, in the state its times give it. */
    public static Msg message(ResultSet rs, QueueState q, long now) throws SQLException {
        Msg m = new Msg(rs.getLong(1), rs.getLong(3), rs.getLong(5), rs.getLong(10), rs.getInt(9), rs.getString(11),
                rs.getString(12));
        m.queue = q;
        m.seq = rs.getLong(4);
        m.visibleAt = rs.getLong(6);
        m.receiveCount = rs.getInt(7);
        m.firstReceiveAt = rs.getLong(8);
        m.sourceQueueId = rs.getInt(13);
        m.bodyInRow = rs.getInt(14) == 1;
        if (m.visibleAt > now) {
            m.state = m.receiveCount == 0 ? Msg.DELAYED : Msg.INFLIGHT;
        } else {
            m.state = Msg.QUEUED;
        }
        return m;
    }

    /**
     * The rows of {@code ids} (taken in order) that are still there, as messages of {@code q}; their
     * bodies go into {@code bodies}, where the receives that take them look first.
     */
    public static List<Msg> read(Database db, QueueState q, long[] ids, long now, BodyCache bodies) {
        long[] sorted = ids.clone();
        Arrays.sort(sorted);
        return db.read("read the queued messages of", c -> {
            List<Msg> out = new ArrayList<>(ids.length);
            try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + ", SMALL, LARGE"
                    + " FROM WHARF_MESSAGE WHERE QUEUE_ID = ? AND ROW_ID >= ? AND ROW_ID <= ? ORDER BY ROW_ID")) {
                s.setInt(1, q.id);
                s.setLong(2, sorted[0]);
                s.setLong(3, sorted[sorted.length - 1]);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        if (Arrays.binarySearch(sorted, rs.getLong(1)) < 0) {
                            continue;
                        }
                        Msg m = message(rs, q, now);
                        out.add(m);
                        byte[] data = m.bodyInRow ? rs.getBytes(15) : null;
                        if (m.bodyInRow && data == null) {
                            data = rs.getBytes(16);
                        }
                        if (data != null) {
                            bodies.put(m.bodyId, Payload.decode(data), data.length);
                        }
                    }
                }
            }
            return out;
        });
    }

    /** Up to {@code max} ids of queue {@code queueId}'s rows in {@code (after, upTo]}, in order. */
    public static long[] ids(Database db, int queueId, long after, long upTo, int max) {
        return db.read("count the queued messages of", c -> {
            long[] out = new long[max];
            int n = 0;
            try (PreparedStatement s = c.prepareStatement("SELECT ROW_ID FROM WHARF_MESSAGE"
                    + " WHERE QUEUE_ID = ? AND ROW_ID > ? AND ROW_ID <= ? ORDER BY ROW_ID FETCH FIRST " + max
                    + " ROWS ONLY")) {
                s.setInt(1, queueId);
                s.setLong(2, after);
                s.setLong(3, upTo);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        out[n++] = rs.getLong(1);
                    }
                }
            }
            return Arrays.copyOf(out, n);
        });
    }
}
