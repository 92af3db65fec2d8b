package org.wharfmq.ra.it;

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
        FifoGroupsCheck.eachGroupArrivesInOrderAndNeverInTwoSessionsAtOnce(sender, journal);
    }
}
