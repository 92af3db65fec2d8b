package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ejb.EJB;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The adapter on the PostgreSQL backend, on a server the test starts before the deployments and
 * stops after them ({@link EmbeddedPostgres}): FIFO groups, redrive, and XA, a send in a
 * container-managed transaction being a prepared transaction of the database. The adapter's
 * connectionURL points at it ({@link Deployments#rar(String)}), on WildFly and on Payara.
 */
@ExtendWith({EmbeddedPostgres.class, ArquillianExtension.class})
public class PostgresBackendIT {

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar(EmbeddedPostgres.start("ra-it"));
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("pg", GroupsMdb.class, PoisonMdb.class, TxMdb.class, PostgresBackendIT.class,
                EmbeddedPostgres.class);
    }

    @EJB
    private Sender sender;
    @EJB
    private Journal journal;

    @Test
    @OperateOnDeployment("app")
    public void eachGroupArrivesInOrderAndNeverInTwoSessionsAtOnce() throws Exception {
        FifoGroupsCheck.eachGroupArrivesInOrderAndNeverInTwoSessionsAtOnce(sender, journal);
    }

    @Test
    @OperateOnDeployment("app")
    public void failingMessageIsRedeliveredThenMovedToTheDeadLetterQueueWithItsId() throws Exception {
        DeadLetterCheck.failingMessageIsRedeliveredThenMovedToTheDeadLetterQueueWithItsId(sender, journal,
                Resources.POISON, Resources.POISON_QUEUE, Resources.POISON_DLQ, Resources.POISON_MAX_RECEIVES);
    }

    @Test
    @OperateOnDeployment("app")
    public void anXaSendRolledBackNeverArrivesAndOneCommittedArrivesOnce() throws Exception {
        String run = UUID.randomUUID().toString();
        sender.sendThenRollBack(Resources.TX, "rolled back " + run);
        sender.send(Resources.TX, "committed " + run, null);
        Awaits.until(() -> arrivals("committed " + run) == 1, Duration.ofSeconds(30), "the committed message");

        assertEquals(0, arrivals("rolled back " + run), "sent before the committed one, it would be in by now");
    }

    private long arrivals(String text) {
        return journal.deliveries(Resources.TX_QUEUE).stream().filter(d -> d.text().equals(text)).count();
    }
}
