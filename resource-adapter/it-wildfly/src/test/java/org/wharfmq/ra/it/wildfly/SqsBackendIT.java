package org.wharfmq.ra.it.wildfly;

import jakarta.ejb.EJB;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.wharfmq.ra.it.DeadLetterCheck;
import org.wharfmq.ra.it.Deployments;
import org.wharfmq.ra.it.FifoGroupsCheck;
import org.wharfmq.ra.it.GroupsMdb;
import org.wharfmq.ra.it.Journal;
import org.wharfmq.ra.it.Sender;

/**
 * The adapter on the SQS backend, against an ElasticMQ the test starts before the deployments and
 * stops after them ({@link EmbeddedSqs}). The .rar's ironjacamar.xml points the adapter's
 * connectionURL at it, which Payara would ignore: so WildFly only.
 */
@ExtendWith({EmbeddedSqs.class, ArquillianExtension.class})
public class SqsBackendIT {

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar(EmbeddedSqs.start("wf-it"));
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("sqs", GroupsMdb.class, SqsPoisonMdb.class, SqsBackendIT.class, EmbeddedSqs.class);
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
    public void failingMessageReachesTheDeadLetterQueueByTheServersRedrivePolicy() throws Exception {
        DeadLetterCheck.failingMessageIsRedeliveredThenMovedToTheDeadLetterQueueWithItsId(sender, journal,
                SqsPoisonMdb.POISON, SqsPoisonMdb.QUEUE, SqsPoisonMdb.DLQ, SqsPoisonMdb.MAX_RECEIVES);
    }
}
