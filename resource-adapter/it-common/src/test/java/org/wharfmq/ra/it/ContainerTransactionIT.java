package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.UUID;
import jakarta.ejb.EJB;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A send through the pooled connection factory belongs to the EJB's container-managed transaction. */
@ExtendWith(ArquillianExtension.class)
public class ContainerTransactionIT {

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("tx", TxMdb.class, ContainerTransactionIT.class);
    }

    @EJB
    private Sender sender;
    @EJB
    private Journal journal;

    @Test
    @OperateOnDeployment("app")
    public void sendInARolledBackTransactionNeverArrives() throws Exception {
        String run = UUID.randomUUID().toString();
        sender.sendThenRollBack(Resources.TX, "rolled back " + run);
        // A committed message sent after it: once it is in, the rolled-back one would be too.
        sender.send(Resources.TX, "after " + run, null);
        Awaits.until(() -> arrivals("after " + run) == 1, Duration.ofSeconds(30), "the message sent after it");
        Thread.sleep(1000);

        assertEquals(0, arrivals("rolled back " + run));
    }

    @Test
    @OperateOnDeployment("app")
    public void sendInACommittedTransactionArrivesOnce() throws Exception {
        String run = UUID.randomUUID().toString();
        sender.send(Resources.TX, "committed " + run, null);

        Awaits.until(() -> arrivals("committed " + run) >= 1, Duration.ofSeconds(30), "the committed message");
        Thread.sleep(1000);

        assertEquals(1, arrivals("committed " + run));
    }

    private long arrivals(String text) {
        return journal.deliveries(Resources.TX_QUEUE).stream().filter(d -> d.text().equals(text)).count();
    }
}
