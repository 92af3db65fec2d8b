package org.wharfmq.ra.it.wildfly;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import jakarta.ejb.EJB;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.wharfmq.ra.it.Awaits;
import org.wharfmq.ra.it.Deployments;
import org.wharfmq.ra.it.Journal;
import org.wharfmq.ra.it.Resources;
import org.wharfmq.ra.it.Sender;
import org.wharfmq.ra.it.TxMdb;

/**
 * The adapter's store URL carries a secret ({@code secretAccessKey}, on an embedded ElasticMQ,
 * which ignores it): the adapter starts, defines queues, sends and delivers to an MDB, and the
 * server log shows the URL with the secret hidden, never the secret. The test runs in the server,
 * whose log it reads; the secret is new in each run, so a log an older build left cannot fail it.
 */
@ExtendWith({EmbeddedSqs.class, ArquillianExtension.class})
public class LogRedactionIT {
    /** Where the application finds the adapter's URL, whose secret nothing but a leak of the URL prints. */
    private static final String URL_RESOURCE = "log-redaction-url";
    private static String deployedUrl;

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar(deployedUrl());
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        return Deployments.app("redact", TxMdb.class, LogRedactionIT.class, EmbeddedSqs.class)
                .addAsResource(new StringAsset(deployedUrl()), URL_RESOURCE);
    }

    /** ElasticMQ's store URL with a secret new in this run; Arquillian may build the archives in any order. */
    private static synchronized String deployedUrl() {
        if (deployedUrl == null) {
            String url = EmbeddedSqs.start("wf-redact");
            if (!url.contains("&secretAccessKey=x&")) {
                throw new IllegalStateException("ElasticMQ's store URL has no secretAccessKey=x to replace: " + url);
            }
            deployedUrl = url.replace("&secretAccessKey=x&",
                    "&secretAccessKey=wharf-it-secret-" + UUID.randomUUID() + "&");
        }
        return deployedUrl;
    }

    @EJB
    private Sender sender;
    @EJB
    private Journal journal;

    @Test
    @OperateOnDeployment("app")
    public void theServerLogShowsTheStoreUrlWithItsSecretHidden() throws Exception {
        String text = "redact " + UUID.randomUUID();
        sender.send(Resources.TX, text, null);
        Awaits.until(() -> journal.deliveries(Resources.TX_QUEUE).stream().anyMatch(d -> d.text().equals(text)),
                Duration.ofSeconds(30), "the MDB receives the message");

        String url;
        try (InputStream in = LogRedactionIT.class.getResourceAsStream("/" + URL_RESOURCE)) {
            url = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String secret = url.replaceAll(".*secretAccessKey=([^&]*).*", "$1");
        String printed = url.replace(secret, "***");
        List<String> log = Files.readAllLines(Path.of(System.getProperty("jboss.server.log.dir"), "server.log"));
        List<String> leaks = log.stream().filter(l -> l.contains(secret)).toList();
        assertTrue(leaks.isEmpty(), () -> leaks.size() + " lines of the server log show the secret, the first: "
                + leaks.get(0));
        assertTrue(log.stream().anyMatch(l -> l.contains(printed)),
                () -> "the server log shows the adapter's store URL with its secret hidden: " + printed);
    }
}
