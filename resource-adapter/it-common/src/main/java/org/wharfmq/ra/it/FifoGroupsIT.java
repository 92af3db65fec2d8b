package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import jakarta.ejb.EJB;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** An MDB with several sessions receives a FIFO queue of several groups: each group in order, one delivery at a time. */
@ExtendWith(ArquillianExtension.class)
public class FifoGroupsIT {
    private static final int GROUPS = 3;
    private static final int PER_GROUP = 8;

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("groups", GroupsMdb.class, FifoGroupsIT.class);
    }

    @EJB
    private Sender sender;
    @EJB
    private Journal journal;

    @Test
    @OperateOnDeployment("app")
    public void eachGroupArrivesInOrderAndNeverInTwoSessionsAtOnce() throws Exception {
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

        Awaits.until(() -> ofRun(run).size() >= GROUPS * PER_GROUP, Duration.ofSeconds(90),
                GROUPS * PER_GROUP + " deliveries");

        List<Delivery> got = ofRun(run);
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

    private List<Delivery> ofRun(String run) {
        return journal.deliveries(Resources.GROUPS_QUEUE).stream().filter(d -> d.text().startsWith(run)).toList();
    }
}
