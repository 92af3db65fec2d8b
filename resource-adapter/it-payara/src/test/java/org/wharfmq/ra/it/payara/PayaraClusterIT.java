package org.wharfmq.ra.it.payara;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wharfmq.ra.it.ClusterApp;
import org.wharfmq.ra.it.ClusterCheck;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * Two Payara domains, each with wharf.rar on one PostgreSQL store ({@link ClusterCheck}), made and
 * started by the test with port bases {@value #BASE_A} and {@value #BASE_B}.
 */
class PayaraClusterIT {
    private static final int BASE_A = 11000;
    private static final int BASE_B = 12000;

    @Test
    void twoNodesShareOneStoreAndSurviveTheKillOfOne() throws Exception {
        Path home = Path.of(System.getProperty("payara.home"));
        Path dir = Path.of("target", "cluster").toAbsolutePath();
        try (PostgresServer pg = PostgresServer.start(false)) {
            String url = pg.storeUrl("cluster");
            Path[] archives = ClusterApp.write(dir, url, pg.port(), true);
            Path domains = dir.resolve("domains");
            // The records' XA data source is a pool of each domain, with PostgreSQL's driver in its lib.
            List<Path> driver = List.of(Path.of(org.postgresql.Driver.class.getProtectionDomain().getCodeSource()
                    .getLocation().toURI()));
            List<List<String>> pool = ClusterApp.payaraDataSource(pg.port());
            ClusterCheck check = new ClusterCheck(url, pg::connect,
                    new PayaraNode(home, domains, "node-a", BASE_A, driver, pool),
                    new PayaraNode(home, domains, "node-b", BASE_B, driver, pool));
            try {
                check.start(archives);
                check.bothNodesShareAQueue(400);
                check.fifoGroupsStayInOrderAcrossNodes(30);
                check.sharedDurableSubscriptionSpansBothNodes(200);
                check.killOneNodeUnderLoad(1200, 40);
            } finally {
                System.out.println("PayaraClusterIT:\n  " + String.join("\n  ", check.report()));
                check.close();
            }
        }
    }
}
