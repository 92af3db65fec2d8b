package org.wharfmq.ra.it.wildfly;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import jakarta.ejb.EJB;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.wharfmq.ra.it.Deployments;

/**
 * An application that uses the classic API and JMSContext on one factory reuses the pooled
 * connections: WildFly never logs IJ000612 (a pooled connection destroyed because the adapter
 * would not match it to the request).
 */
@ExtendWith(ArquillianExtension.class)
public class PoolReuseIT {

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("reuse", BothApis.class, PoolReuseIT.class);
    }

    @EJB
    private BothApis apis;

    @Test
    @OperateOnDeployment("app")
    public void classicAndSimplifiedApiShareThePool() throws Exception {
        Path log = Path.of(System.getProperty("jboss.server.log.dir"), "server.log");
        int before = Files.readAllLines(log).size();
        String run = UUID.randomUUID().toString();
        apis.alternate(10, run);
        assertEquals(20, apis.drain(run));
        List<String> lines = Files.readAllLines(log);
        List<String> churn = lines.subList(Math.min(before, lines.size()), lines.size()).stream()
                .filter(l -> l.contains("IJ000612")).toList();
        assertEquals(List.of(), churn);
    }
}
