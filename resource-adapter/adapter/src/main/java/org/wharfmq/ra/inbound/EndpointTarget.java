package org.wharfmq.ra.inbound;

import java.util.function.Consumer;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.InvalidPropertyException;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.WharfTopic;
import org.wharfmq.ra.AdministeredQueue;
import org.wharfmq.ra.AdministeredTopic;
import org.wharfmq.ra.WharfResourceAdapter;
import org.wharfmq.ra.outbound.FactorySettings;

/**
 * What an endpoint receives from and how it connects, with the standard lookups resolved. A
 * {@code destinationLookup} wins over the vendor {@code destination}, and the destination's type
 * is the looked-up object's. A {@code connectionFactoryLookup} names one of this adapter's
 * connection factories, whose store, user and client id the endpoint then uses.
 */
record EndpointTarget(String destination, boolean topic, String url, String user,
                      Consumer<WharfConnectionFactory> signIn, String clientId) {

    static EndpointTarget resolve(WharfActivationSpec spec, String adapterUrl) throws ResourceException {
        String destination = spec.getDestination();
        boolean topic = spec.isTopic();
        String lookup = spec.getDestinationLookup();
        if (has(lookup)) {
            Object found = lookup("destinationLookup", lookup);
            if (found instanceof AdministeredQueue || found instanceof WharfQueue) {
                destination = name((Queue) found);
                topic = false;
            } else if (found instanceof AdministeredTopic || found instanceof WharfTopic) {
                destination = name((Topic) found);
                topic = true;
            } else {
                throw WharfActivationSpec.invalid("destinationLookup", lookup, "it names a "
                        + found.getClass().getName() + ", not a Wharf queue or topic");
            }
            String type = topic ? WharfActivationSpec.TOPIC : WharfActivationSpec.QUEUE;
            if (spec.getDestinationType() != null && !spec.getDestinationType().equals(type)) {
                throw new InvalidPropertyException("Wharf activation property destinationType='"
                        + spec.getDestinationType() + "' contradicts destinationLookup='" + lookup + "', which names "
                        + type + " '" + destination + "'");
            }
            if (spec.isDurable() && !topic) {
                throw WharfActivationSpec.invalid("subscriptionDurability", spec.getSubscriptionDurability(),
                        "a durable subscription needs a topic, and destinationLookup='" + lookup + "' names "
                                + WharfActivationSpec.QUEUE + " '" + destination + "'");
            }
        }
        String url = adapterUrl;
        String user = null;
        Consumer<WharfConnectionFactory> signIn = signIn(null, null);
        String clientId = spec.getClientId();
        String cfLookup = spec.getConnectionFactoryLookup();
        if (has(cfLookup)) {
            Object found = lookup("connectionFactoryLookup", cfLookup);
            FactorySettings f = FactorySettings.of(found).orElseThrow(() -> WharfActivationSpec.invalid(
                    "connectionFactoryLookup", cfLookup, "it names a " + found.getClass().getName()
                            + ", not a connection factory of the Wharf resource adapter"));
            url = f.url();
            user = f.userName();
            signIn = f::signIn;
            if (!has(clientId)) {
                clientId = f.clientId();
            }
        }
        if (spec.getUser() != null) {
            user = spec.getUser();
            signIn = signIn(user, spec.getPassword());
        } else if (user == null && spec.getResourceAdapter() instanceof WharfResourceAdapter ra) {
            user = ra.getUserName();
            signIn = signIn(user, ra.getPassword());
        }
        return new EndpointTarget(destination, topic, url, user, signIn, has(clientId) ? clientId.trim() : null);
    }

    private static Consumer<WharfConnectionFactory> signIn(String user, String password) {
        return cf -> {
            cf.setUser(user);
            cf.setPassword(password);
        };
    }

    private static String name(Queue q) throws ResourceException {
        try {
            return q.getQueueName();
        } catch (jakarta.jms.JMSException e) {
            throw new ResourceException("cannot read the name of " + q + ": " + e.getMessage(), e);
        }
    }

    private static String name(Topic t) throws ResourceException {
        try {
            return t.getTopicName();
        } catch (jakarta.jms.JMSException e) {
            throw new ResourceException("cannot read the name of " + t + ": " + e.getMessage(), e);
        }
    }

    private static Object lookup(String property, String name) throws InvalidPropertyException {
        try {
            Object found = new InitialContext().lookup(name.trim());
            if (found == null) {
                throw WharfActivationSpec.invalid(property, name, "JNDI has nothing bound under that name");
            }
            return found;
        } catch (NamingException e) {
            InvalidPropertyException i = WharfActivationSpec.invalid(property, name, "JNDI lookup failed: " + e);
            i.initCause(e);
            throw i;
        }
    }

    private static boolean has(String s) {
        return s != null && !s.isBlank();
    }

    @Override
    public String toString() {
        return (topic ? "topic " : "queue ") + destination;
    }
}
