package org.wharfmq.jms.jndi;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.NamingException;
import javax.naming.RefAddr;
import javax.naming.Reference;
import javax.naming.spi.ObjectFactory;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.WharfTopic;

/**
 * Makes Wharf's administered objects for JNDI. Given the Reference a {@link WharfConnectionFactory}
 * binds itself as, it rebuilds that factory. Given anything else, it makes the object that the
 * environment describes, as a server's naming configuration binds an object factory with properties
 * (WildFly's {@code binding-type=object-factory}): {@code url} with optional {@code clientID},
 * {@code user} and {@code password} makes a connection factory, {@code queue=<name>} a queue and
 * {@code topic=<name>} a topic.
 */
public final class WharfObjectFactory implements ObjectFactory {
    private static final List<String> KINDS = List.of("url", "queue", "topic");

    @Override
    public Object getObjectInstance(Object obj, Name name, Context nameCtx, Hashtable<?, ?> environment)
            throws NamingException {
        if (obj instanceof Reference ref) {
            if (!WharfConnectionFactory.class.getName().equals(ref.getClassName())) {
                return null;
            }
            return factory(value(ref, "url"), value(ref, "clientID"), value(ref, "user"), value(ref, "password"));
        }
        Hashtable<?, ?> env = environment == null ? new Hashtable<>() : environment;
        List<String> kinds = new ArrayList<>();
        for (String k : KINDS) {
            if (env.get(k) != null) {
                kinds.add(k);
            }
        }
        if (kinds.size() != 1) {
            throw new NamingException("A Wharf binding" + (obj == null ? "" : " for " + obj)
                    + " needs exactly one of the properties url, queue or topic; it has "
                    + (kinds.isEmpty() ? "none" : String.join(" and ", kinds)));
        }
        return switch (kinds.get(0)) {
            case "url" -> factory(text(env, "url"), text(env, "clientID"), text(env, "user"), text(env, "password"));
            case "queue" -> new WharfQueue(text(env, "queue"));
            default -> new WharfTopic(text(env, "topic"));
        };
    }

    private static WharfConnectionFactory factory(String url, String clientID, String user, String password) {
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        f.setClientID(clientID);
        f.setUser(user);
        f.setPassword(password);
        return f;
    }

    private static String value(Reference ref, String type) {
        RefAddr a = ref.get(type);
        return a == null ? null : (String) a.getContent();
    }

    private static String text(Hashtable<?, ?> env, String key) {
        Object v = env.get(key);
        return v == null ? null : v.toString();
    }
}
