package org.wharfmq.ra.it.wildfly;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.wharfmq.ra.it.ClusterApp;
import org.wharfmq.ra.it.ClusterCheck;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * Two WildFly servers, each with wharf.rar on one PostgreSQL store ({@link ClusterCheck}), started
 * by the test from the unpacked distribution with port offsets {@value #OFFSET_A} and
 * {@value #OFFSET_B}. {@code -Dwharf.cluster.quick=true} runs the small case of CI: the shared
 * queue and the kill, with fewer messages.
 */
class WildFlyClusterIT {
    private static final int OFFSET_A = 1100;
    private static final int OFFSET_B = 1200;

    @Test
    void twoNodesShareOneStoreAndSurviveTheKillOfOne() throws Exception {
        boolean quick = Boolean.getBoolean("wharf.cluster.quick");
        Path home = Path.of(System.getProperty("wildfly.home"));
        Path dir = Path.of("target", "cluster").toAbsolutePath();
        try (PostgresServer pg = PostgresServer.start(false)) {
            String url = pg.storeUrl("cluster");
            Path[] archives = ClusterApp.write(dir, url, pg.port(), false);
            ClusterCheck check = new ClusterCheck(url, pg::connect,
                    new WildFlyNode(home, dir.resolve("node-a"), "node-a", OFFSET_A),
                    new WildFlyNode(home, dir.resolve("node-b"), "node-b", OFFSET_B));
            try {
                check.start(archives);
                check.bothNodesShareAQueue(quick ? 200 : 400);
                if (!quick) {
                    check.fifoGroupsStayInOrderAcrossNodes(30);
                    check.sharedDurableSubscriptionSpansBothNodes(200);
                    check.operatorToolSeesTheStoreFromEitherNode(System.getProperty("wharf.cli"));
                }
                check.killOneNodeUnderLoad(quick ? 400 : 1200, quick ? 10 : 40);
            } finally {
                System.out.println("WildFlyClusterIT:\n  " + String.join("\n  ", check.report()));
                check.close();
            }
        }
    }
}
