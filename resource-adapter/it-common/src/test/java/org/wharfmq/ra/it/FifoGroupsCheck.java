package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

/** The rule of {@link FifoGroupsIT}, for the tests of each store: run in the application with {@link GroupsMdb}. */
public final class FifoGroupsCheck {
    private static final int GROUPS = 3;
    private static final int PER_GROUP = 8;

    private FifoGroupsCheck() {
    }

    /**
     * Sends several groups to {@link Resources#GROUPS} in one transaction, then checks that the
     * MDB received each message once, each group in send order, never one group in two sessions at
     * once, and several sessions at once.
     */
    public static void eachGroupArrivesInOrderAndNeverInTwoSessionsAtOnce(Sender sender, Journal journal)
            throws Exception {
        String run = UUID.randomUUID().toString();
        List<String> texts = new ArrayList<>();
        List<String> groups = new ArrayList<>();
        for (int i = 0; i < PER_GROUP; i++) {
            for (int g = 0; g < GROUPS; g++) {
                texts.add(run + " g" + g + " " + i);
                groups.add(run + "-g" + g);
            }
        }
        sender.sendAll(Resources.GROUPS, texts, groups);

        Awaits.until(() -> ofRun(journal, run).size() >= GROUPS * PER_GROUP, Duration.ofSeconds(90),
                GROUPS * PER_GROUP + " deliveries");

        List<Delivery> got = ofRun(journal, run);
        assertEquals(GROUPS * PER_GROUP, got.size(), "each message once: " + got);
        for (int g = 0; g < GROUPS; g++) {
            String group = run + "-g" + g;
            List<String> order = got.stream().filter(d -> d.group().equals(group)).map(Delivery::text).toList();
            int n = g;
            assertEquals(IntStream.range(0, PER_GROUP).mapToObj(i -> run + " g" + n + " " + i).toList(), order,
                    "group " + group + " in send order");
        }
        assertFalse(journal.groupOverlapped(), "a group was delivered to two sessions at once");
        assertTrue(journal.mostAtOnce() > 1, "several sessions delivered at once; at most " + journal.mostAtOnce());
    }

    private static List<Delivery> ofRun(Journal journal, String run) {
        return journal.deliveries(Resources.GROUPS_QUEUE).stream().filter(d -> d.text().startsWith(run)).toList();
    }
}
