package org.wharfmq.tck;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Properties;
import java.util.Set;
import java.util.StringJoiner;
import jakarta.jms.JMSException;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.wharfmq.jms.Wharf;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.Topics;

/**
 * Before each TCK test, leaves every queue of each store jndi.properties (or {@code tck.store.url})
 * names empty. The TCK's own cleanup drains its queues with a browser, which SQS does not have, so
 * one test's leftovers would reach the next. First the store the JMS objects share in this JVM is closed (the release of a
 * lease closes it, whatever its users; the factories reopen it on their next use), which gives the
 * messages its prefetch holds back to the server, where a purge then finds them. Then a store of
 * this listener's own purges every queue and every topic subscription's queue, in-flight messages
 * included.
 */
public final class EmptyQueuesBeforeEachTest implements TestExecutionListener {
    private final Set<String> factoryUrls = factoryUrls();

    @Override
    public void executionStarted(TestIdentifier test) {
        if (!test.isTest()) {
            return;
        }
        for (String url : factoryUrls) {
            try {
                if (Wharf.isOpen(url)) {
                    Wharf.lease(url).close();
                }
                empty(storeUrl(url));
            } catch (JMSException | RuntimeException e) {
                throw new IllegalStateException("could not empty the queues of " + Wharf.printable(url)
                        + " before " + test.getDisplayName(), e);
            }
        }
    }

    private static void empty(String storeUrl) {
        try (QueueService store = QueueServices.open(storeUrl)) {
            for (String queue : store.listQueues(null)) {
                store.purgeQueue(queue);
            }
            Topics topics = store.extension(Topics.class).orElseThrow();
            for (String topic : topics.listTopics()) {
                for (Topics.Subscription s : topics.listSubscriptions(topic)) {
                    store.purgeQueue(s.queueUrl());
                }
            }
        }
    }

    /** A factory's URL without its connection options {@code user} and {@code password}, which a store refuses. */
    static String storeUrl(String factoryUrl) {
        int query = factoryUrl.indexOf('?');
        if (query < 0) {
            return factoryUrl;
        }
        StringJoiner options = new StringJoiner("&", "?", "").setEmptyValue("");
        for (String option : factoryUrl.substring(query + 1).split("&")) {
            if (!option.startsWith("user=") && !option.startsWith("password=")) {
                options.add(option);
            }
        }
        return factoryUrl.substring(0, query) + options;
    }

    /**
     * The store URL {@code tck.store.url} (the in-container runner, whose client and server share it),
     * or else the URLs of the connection factories in jndi.properties ({@code connectionfactory.<name>=<url>}).
     */
    private static Set<String> factoryUrls() {
        String shared = System.getProperty("tck.store.url");
        if (shared != null) {
            return Set.of(shared);
        }
        Properties jndi = new Properties();
        try (InputStream in = EmptyQueuesBeforeEachTest.class.getResourceAsStream("/jndi.properties")) {
            jndi.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Set<String> urls = new LinkedHashSet<>();
        for (String key : jndi.stringPropertyNames()) {
            if (key.matches("connectionfactory\\.[^.]+")) {
                urls.add(jndi.getProperty(key));
            }
        }
        return urls;
    }
}
