package org.wharfmq.ra.it;

import jakarta.ejb.EJB;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A message whose MDB always throws comes back at once, and after maxReceiveCount it is in the dead-letter queue. */
@ExtendWith(ArquillianExtension.class)
public class DeadLetterIT {

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("dlq", PoisonMdb.class, DeadLetterIT.class);
    }

    @EJB
    private Sender sender;
    @EJB
    private Journal journal;

    @Test
    @OperateOnDeployment("app")
    public void failingMessageIsRedeliveredThenMovedToTheDeadLetterQueueWithItsId() throws Exception {
        DeadLetterCheck.failingMessageIsRedeliveredThenMovedToTheDeadLetterQueueWithItsId(sender, journal,
                Resources.POISON, Resources.POISON_QUEUE, Resources.POISON_DLQ, Resources.POISON_MAX_RECEIVES);
    }
}
