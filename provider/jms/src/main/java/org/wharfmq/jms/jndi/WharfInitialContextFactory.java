package org.wharfmq.jms.jndi;

import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.naming.Context;
import javax.naming.NamingException;
import javax.naming.spi.InitialContextFactory;
import org.wharfmq.jms.QueueDeclaration;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.WharfTopic;

/**
 * JNDI for Wharf, configured by properties (jndi.properties or the environment):
 * {@code connectionfactory.<name>=<url>} with optional {@code .clientID}, {@code .user},
 * {@code .password}; {@code queue.<name>=<queue name>} with optional {@code queue.<name>.<Attribute>=<value>},
 * declared on the queue's first use (created with them, or those that changed are set, as
 * {@link org.wharfmq.jms.QueueAdmin#declare} does); {@code topic.<name>=<topic name>}.
 */
public final class WharfInitialContextFactory implements InitialContextFactory {
    private static final String FACTORY = "connectionfactory.";
    private static final String QUEUE = "queue.";
    private static final String TOPIC = "topic.";

    @Override
    public Context getInitialContext(Hashtable<?, ?> environment) throws NamingException {
        Map<String, String> env = new HashMap<>();
        environment.forEach((k, v) -> env.put(String.valueOf(k), String.valueOf(v)));
        Map<String, Object> bindings = new LinkedHashMap<>();
        Map<String, Map.Entry<String, Map<String, String>>> queues = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : env.entrySet()) {
            String key = e.getKey();
            if (key.startsWith(FACTORY) && key.indexOf('.', FACTORY.length()) < 0) {
                String name = key.substring(FACTORY.length());
                WharfConnectionFactory f = new WharfConnectionFactory(e.getValue());
                f.setClientID(env.get(key + ".clientID"));
                f.setUser(env.get(key + ".user"));
                f.setPassword(env.get(key + ".password"));
                bindings.put(name, f);
            } else if (key.startsWith(QUEUE) && key.indexOf('.', QUEUE.length()) < 0) {
                Map<String, String> attributes = new HashMap<>();
                String prefix = key + ".";
                env.forEach((k, v) -> {
                    if (k.startsWith(prefix)) {
                        attributes.put(k.substring(prefix.length()), v);
                    }
                });
                queues.put(key.substring(QUEUE.length()), Map.entry(e.getValue(), attributes));
            } else if (key.startsWith(TOPIC) && key.indexOf('.', TOPIC.length()) < 0) {
                bindings.put(key.substring(TOPIC.length()), new WharfTopic(e.getValue()));
            }
        }
        Map<String, WharfQueue> byStoreName = new HashMap<>();
        for (Map.Entry<String, Map.Entry<String, Map<String, String>>> q : queues.entrySet()) {
            bindings.put(q.getKey(), queue(q.getValue().getKey(), queues, byStoreName, new HashSet<>()));
        }
        return new ReadOnlyContext(bindings, environment);
    }

    /**
     * Store queue {@code storeName} as declared, linked to its dead-letter queue when that one is
     * declared in the same environment (a first use creates it then; an undeclared one must exist).
     */
    private static WharfQueue queue(String storeName, Map<String, Map.Entry<String, Map<String, String>>> queues,
                                    Map<String, WharfQueue> byStoreName, Set<String> visiting) {
        WharfQueue done = byStoreName.get(storeName);
        if (done != null) {
            return done;
        }
        Map<String, String> attributes = Map.of();
        for (Map.Entry<String, Map<String, String>> q : queues.values()) {
            if (q.getKey().equals(storeName) && !q.getValue().isEmpty()) {
                attributes = q.getValue();
            }
        }
        WharfQueue deadLetter = null;
        String dlq = new QueueDeclaration(storeName, attributes).deadLetterName();
        if (dlq != null && !dlq.equals(storeName) && visiting.add(storeName)
                && queues.values().stream().anyMatch(q -> q.getKey().equals(dlq))) {
            deadLetter = queue(dlq, queues, byStoreName, visiting);
        }
        WharfQueue q = new WharfQueue(storeName, attributes, deadLetter);
        byStoreName.put(storeName, q);
        return q;
    }
}
