package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A message sent before the server stops is delivered after it starts again. The test starts and
 * stops the server itself (container {@code wharf.server}, in manual mode); the store stays on disk
 * under the server's data directory, and the .rar stays deployed across the restart.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class RestartIT {
    private static final String SERVER = System.getProperty("wharf.server", "wildfly-manual");
    private static final String BASE = "http://127.0.0.1:" + System.getProperty("wharf.http.port", "8080");

    @ArquillianResource
    private ContainerController controller;
    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = "rar", order = 1, managed = false, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    /** No MDB: the message waits in the store. */
    @Deployment(name = "sender", order = 2, managed = false, testable = false)
    public static WebArchive sender() {
        return Deployments.app("restart-sender", RestartServlet.class);
    }

    @Deployment(name = "receiver", order = 3, managed = false, testable = false)
    public static WebArchive receiver() {
        return Deployments.app("restart-receiver", RestartServlet.class, RestartMdb.class);
    }

    @Test
    public void messageSentBeforeARestartIsDeliveredAfterIt() throws Exception {
        String text = "restart " + UUID.randomUUID();
        controller.start(SERVER);
        try {
            deployer.deploy("rar");
            deployer.deploy("sender");
            HttpResponse<String> sent = http(HttpRequest.newBuilder(URI.create(BASE + "/restart-sender/restart?text="
                    + URLEncoder.encode(text, StandardCharsets.UTF_8))).POST(HttpRequest.BodyPublishers.noBody()));
            assertEquals(200, sent.statusCode(), sent.body());
            deployer.undeploy("sender");

            controller.stop(SERVER);
            controller.start(SERVER);
            deployer.deploy("receiver");

            Awaits.until(() -> received().contains(text), Duration.ofSeconds(60), "'" + text + "' after the restart");
            deployer.undeploy("receiver");
            deployer.undeploy("rar");
        } finally {
            controller.stop(SERVER);
        }
    }

    private static String received() {
        try {
            return http(HttpRequest.newBuilder(URI.create(BASE + "/restart-receiver/restart")).GET()).body();
        } catch (Exception e) {
            return "";
        }
    }

    private static HttpResponse<String> http(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
