package org.wharfmq.ra.it;

/** What the server reports between kills: rows, distinct texts, open branches on both sides, the queue's counts. */
public record RoundState(long rows, long texts, long prepared, long inDoubt, long visible, long inFlight) {

    String encode() {
        return rows + " " + texts + " " + prepared + " " + inDoubt + " " + visible + " " + inFlight;
    }

    static RoundState decode(String s) {
        String[] f = s.trim().split(" ");
        return new RoundState(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                Long.parseLong(f[4]), Long.parseLong(f[5]));
    }

    /** All {@code sent} messages have their row, none twice, and nothing is left prepared, queued or in flight. */
    boolean settled(long sent) {
        return rows == sent && texts == sent && prepared == 0 && inDoubt == 0 && visible == 0 && inFlight == 0;
    }
}
