package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.UUID;
import javax.management.ObjectName;
import jakarta.ejb.EJB;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A bean's injected JMSContext over the Wharf factory sends, and receives with a selector; the
 * queues it uses have their MBeans in the server's JMX.
 */
@ExtendWith(ArquillianExtension.class)
public class InjectedContextIT {

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("context", InjectedContextIT.class);
    }

    @EJB
    private ContextClient client;

    @Test
    @OperateOnDeployment("app")
    public void injectedContextReceivesWhatItsSelectorMatches() throws Exception {
        String run = UUID.randomUUID().toString();
        client.send(Resources.SELECT, "red 1", "red", run);
        client.send(Resources.SELECT, "blue 1", "blue", run);
        client.send(Resources.SELECT, "red 2", "red", run);

        assertEquals("blue 1", client.receive(Resources.SELECT, blue(run), 10_000));
        assertNull(client.receive(Resources.SELECT, blue(run), 500), "one blue message only");
        assertEquals("red 1", client.receive(Resources.SELECT, red(run), 10_000));
        assertEquals("red 2", client.receive(Resources.SELECT, red(run), 10_000));
    }

    @Test
    @OperateOnDeployment("app")
    public void theQueuesHaveTheirMBeansInTheServersJmx() throws Exception {
        client.send(Resources.SELECT, "green 1", "green", UUID.randomUUID().toString());

        // A queue first reached by a send gets its MBean just after the send, off the send path.
        ObjectName queues = new ObjectName("org.wharfmq:type=Queue,*");
        Awaits.until(() -> !ManagementFactory.getPlatformMBeanServer().queryNames(queues, null).isEmpty(),
                Duration.ofSeconds(10), "a queue MBean in the server's JMX");
    }

    private static String blue(String run) {
        return "color = 'blue' AND run = '" + run + "'";
    }

    private static String red(String run) {
        return "color = 'red' AND run = '" + run + "'";
    }
}
