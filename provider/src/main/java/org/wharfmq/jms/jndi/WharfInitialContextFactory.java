package org.wharfmq.jms.jndi;

import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.naming.Context;
import javax.naming.NamingException;
import javax.naming.spi.InitialContextFactory;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.WharfTopic;

/**
 * JNDI for Wharf, configured by properties (jndi.properties or the environment):
 * {@code connectionfactory.<name>=<url>} with optional {@code .clientID}, {@code .user},
 * {@code .password}; {@code queue.<name>=<queue name>} with optional {@code queue.<name>.<Attribute>=<value>}
 * applied when the queue is created; {@code topic.<name>=<topic name>}.
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
                String name = key.substring(QUEUE.length());
                Map<String, String> attributes = new HashMap<>();
                String prefix = key + ".";
                env.forEach((k, v) -> {
                    if (k.startsWith(prefix)) {
                        attributes.put(k.substring(prefix.length()), v);
                    }
                });
                bindings.put(name, new WharfQueue(e.getValue(), attributes));
            } else if (key.startsWith(TOPIC) && key.indexOf('.', TOPIC.length()) < 0) {
                bindings.put(key.substring(TOPIC.length()), new WharfTopic(e.getValue()));
            }
        }
        return new ReadOnlyContext(bindings, environment);
    }
}
