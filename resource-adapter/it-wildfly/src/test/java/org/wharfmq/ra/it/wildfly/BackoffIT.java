package org.wharfmq.ra.it.wildfly;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jakarta.ejb.EJB;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.wharfmq.ra.it.Awaits;
import org.wharfmq.ra.it.Deployments;
import org.wharfmq.ra.it.Sender;

/** A transacted MDB's rolled-back message comes back after its activation's redelivery backoff, not at once. */
@ExtendWith(ArquillianExtension.class)
public class BackoffIT {

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("backoff", BackoffMdb.class, BackoffIT.class);
    }

    @EJB
    private Sender sender;

    @Test
    @OperateOnDeployment("app")
    public void rolledBackMessageComesBackAfterOneThenTwoSeconds() throws Exception {
        sender.send(BackoffMdb.JNDI, "backoff", null);

        Awaits.until(() -> BackoffMdb.ARRIVALS.size() >= 3, Duration.ofSeconds(60), "three deliveries");

        List<Long> at = BackoffMdb.ARRIVALS;
        long first = TimeUnit.NANOSECONDS.toMillis(at.get(1) - at.get(0));
        long second = TimeUnit.NANOSECONDS.toMillis(at.get(2) - at.get(1));
        assertTrue(first >= 1000, "the first redelivery came after " + first + " ms");
        assertTrue(second >= 2000, "the second redelivery came after " + second + " ms");
    }
}
