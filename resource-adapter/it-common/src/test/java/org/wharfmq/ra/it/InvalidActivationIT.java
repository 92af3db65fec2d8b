package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.spi.client.container.DeploymentException;
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
 * An MDB with an out-of-range activation property fails to deploy, and the adapter keeps working:
 * a message sent before that failure and one sent after it reach a valid MDB on the same queue.
 * The applications are deployed one at a time: WildFly refuses an application whose
 * {@code @AdministeredObjectDefinition} names are those of one already deployed.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class InvalidActivationIT {
    static final String BAD_PREFETCH = "99";
    private static final String BASE = "http://127.0.0.1:" + System.getProperty("wharf.http.port", "8080");
    private static final boolean PAYARA = System.getProperty("arquillian.launch", "").startsWith("payara");

    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    /** No MDB: the message waits in the store. */
    @Deployment(name = "sender", managed = false, testable = false)
    public static WebArchive sender() {
        return Deployments.app("invalid-sender", InvalidActivationServlet.class);
    }

    @Deployment(name = "bad", managed = false, testable = false)
    public static WebArchive bad() {
        return Deployments.app("invalid-bad", BadPrefetchMdb.class);
    }

    @Deployment(name = "contradicting", managed = false, testable = false)
    public static WebArchive contradicting() {
        return Deployments.app("invalid-type", ContradictingTypeMdb.class);
    }

    @Deployment(name = "misspelled", managed = false, testable = false)
    public static WebArchive misspelled() {
        return Deployments.app("invalid-name", MisspelledLookupMdb.class);
    }

    @Deployment(name = "good", managed = false, testable = false)
    public static WebArchive good() {
        return Deployments.app("invalid-good", InvalidActivationServlet.class, SameQueueMdb.class);
    }

    @Test
    public void invalidValueFailsTheDeploymentAndNoMessageIsLost() throws Exception {
        String before = "before " + UUID.randomUUID();
        String after = "after " + UUID.randomUUID();
        deployer.deploy("sender");
        send("invalid-sender", before);
        deployer.undeploy("sender");

        // Undeployed at once should it deploy, so that a failing run leaves no application behind.
        String failure = messages(assertThrows(DeploymentException.class, () -> {
            deployer.deploy("bad");
            deployer.undeploy("bad");
        }));
        if (PAYARA) {
            // Payara gives the client only this; the adapter's message is in server.log (RAR8501).
            assertTrue(failure.contains("EJB Container initialization error"), failure);
        } else {
            // WildFly's failure description carries the adapter's message.
            assertTrue(failure.contains("Wharf activation property prefetch='" + BAD_PREFETCH
                    + "' is not valid: use 0..9"), failure);
        }

        deployer.deploy("good");
        try {
            send("invalid-good", after);
            Awaits.until(() -> received().containsAll(List.of(before, after)), Duration.ofSeconds(60),
                    "the messages sent before and after the failed deployment");
            List<String> got = received();
            assertEquals(1, got.stream().filter(before::equals).count(), got.toString());
            assertEquals(1, got.stream().filter(after::equals).count(), got.toString());
        } finally {
            deployer.undeploy("good");
        }
    }

    @Test
    public void aDestinationTypeThatContradictsTheLookupFailsTheDeploymentNamingBoth() throws Exception {
        String failure = deploymentFailure("contradicting");
        assertTrue(failure.contains("destinationType='jakarta.jms.Topic' contradicts destinationLookup='"
                + Resources.STD_QUEUE + "', which names jakarta.jms.Queue '" + Resources.STD_QUEUE_NAME + "'"),
                failure);
    }

    @Test
    public void aMisspelledDestinationLookupFailsTheDeployment() throws Exception {
        String failure = deploymentFailure("misspelled");
        assertTrue(failure.contains("Wharf activation property destinationLookup=(not set) is not valid"), failure);
    }

    /**
     * What deploying {@code name} failed with. Payara gives the client only a generic failure, and
     * the adapter's message goes to server.log: then that is what is returned, from this deployment on.
     */
    private String deploymentFailure(String name) throws Exception {
        Path log = PAYARA ? Path.of(System.getProperty("wharf.server.log")) : null;
        long before = PAYARA ? Files.size(log) : 0;
        String failure = messages(assertThrows(DeploymentException.class, () -> {
            deployer.deploy(name);
            deployer.undeploy(name);
        }));
        if (!PAYARA) {
            return failure;
        }
        assertTrue(failure.contains("EJB Container initialization error"), failure);
        try (var in = Files.newInputStream(log)) {
            in.skipNBytes(before);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The messages of {@code e} and its causes, one a line. */
    private static String messages(Throwable e) {
        StringBuilder s = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            s.append(t.getMessage()).append('\n');
        }
        return s.toString();
    }

    private static void send(String app, String text) throws Exception {
        HttpResponse<String> sent = http(HttpRequest.newBuilder(URI.create(BASE + "/" + app + "/invalid?text="
                + URLEncoder.encode(text, StandardCharsets.UTF_8))).POST(HttpRequest.BodyPublishers.noBody()));
        assertEquals(200, sent.statusCode(), sent.body());
    }

    /** What the valid MDB received, one message a line. */
    private static List<String> received() {
        try {
            return http(HttpRequest.newBuilder(URI.create(BASE + "/invalid-good/invalid")).GET()).body().lines()
                    .toList();
        } catch (Exception e) {
            return List.of();
        }
    }

    private static HttpResponse<String> http(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
