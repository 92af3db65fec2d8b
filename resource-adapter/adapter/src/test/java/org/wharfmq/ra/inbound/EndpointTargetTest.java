package org.wharfmq.ra.inbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.Hashtable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.naming.Context;
import javax.naming.NameNotFoundException;
import javax.naming.spi.InitialContextFactory;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.InvalidPropertyException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.ra.AdministeredQueue;
import org.wharfmq.ra.AdministeredTopic;
import org.wharfmq.ra.outbound.WharfManagedConnectionFactory;

/** The standard lookups of an activation: what they resolve to, and how a bad one is refused. */
class EndpointTargetTest {
    private static final Map<String, Object> BOUND = new ConcurrentHashMap<>();
    private static String before;

    /** JNDI for this test: the names in {@link #BOUND}. */
    public static final class Jndi implements InitialContextFactory {
        @Override
        public Context getInitialContext(Hashtable<?, ?> env) {
            return (Context) Proxy.newProxyInstance(Context.class.getClassLoader(), new Class<?>[] {Context.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "lookup" -> {
                            Object o = BOUND.get(String.valueOf(args[0]));
                            if (o == null) {
                                throw new NameNotFoundException(args[0] + " not bound");
                            }
                            yield o;
                        }
                        case "close" -> null;
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }
    }

    @BeforeAll
    static void jndi() {
        before = System.getProperty(Context.INITIAL_CONTEXT_FACTORY);
        System.setProperty(Context.INITIAL_CONTEXT_FACTORY, Jndi.class.getName());
        AdministeredQueue q = new AdministeredQueue();
        q.setName("orders");
        BOUND.put("java:/jms/orders", q);
        AdministeredTopic t = new AdministeredTopic();
        t.setName("prices");
        BOUND.put("java:/jms/prices", t);
        BOUND.put("java:/jms/plain", new WharfQueue("plain"));
        BOUND.put("java:/jdbc/ds", "not a destination");
        WharfManagedConnectionFactory other = new WharfManagedConnectionFactory();
        other.setConnectionURL("wharf:memory:other");
        other.setUserName("billing");
        other.setClientId("billing-1");
        BOUND.put("java:/jms/otherFactory", other.createConnectionFactory((f, info) -> {
            throw new UnsupportedOperationException("no connection is asked for");
        }));
    }

    @AfterAll
    static void restore() {
        if (before == null) {
            System.clearProperty(Context.INITIAL_CONTEXT_FACTORY);
        } else {
            System.setProperty(Context.INITIAL_CONTEXT_FACTORY, before);
        }
    }

    private static WharfActivationSpec lookingUp(String name) {
        WharfActivationSpec s = new WharfActivationSpec();
        s.setDestinationLookup(name);
        return s;
    }

    @Test
    void aLookedUpTopicGivesItsNameAndType() throws ResourceException {
        EndpointTarget t = EndpointTarget.resolve(lookingUp("java:/jms/prices"), "wharf:memory:x");
        assertEquals("prices", t.destination());
        assertTrue(t.topic());
        assertEquals("wharf:memory:x", t.url());
    }

    @Test
    void theLookupWinsOverTheVendorDestination() throws ResourceException {
        WharfActivationSpec s = lookingUp("java:/jms/orders");
        s.setDestination("elsewhere");
        EndpointTarget t = EndpointTarget.resolve(s, "wharf:memory:x");
        assertEquals("orders", t.destination());
        assertFalse(t.topic());
        assertEquals("plain", EndpointTarget.resolve(lookingUp("java:/jms/plain"), "wharf:memory:x").destination());
    }

    @Test
    void aLookedUpFactoryGivesItsStoreUserAndClientId() throws ResourceException {
        WharfActivationSpec s = lookingUp("java:/jms/orders");
        s.setConnectionFactoryLookup("java:/jms/otherFactory");
        EndpointTarget t = EndpointTarget.resolve(s, "wharf:memory:x");
        assertEquals("wharf:memory:other", t.url());
        assertEquals("billing", t.user());
        WharfConnectionFactory physical = new WharfConnectionFactory("wharf:memory:other");
        t.signIn().accept(physical);
        assertEquals("billing", physical.getUser());
        assertEquals("billing-1", t.clientId());
        s.setClientId("own");
        assertEquals("own", EndpointTarget.resolve(s, "wharf:memory:x").clientId());
    }

    @Test
    void aDestinationTypeThatContradictsTheLookupNamesBoth() {
        WharfActivationSpec s = lookingUp("java:/jms/orders");
        s.setDestinationType("jakarta.jms.Topic");
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> EndpointTarget.resolve(s, "wharf:memory:x"));
        assertTrue(e.getMessage().contains("destinationType='jakarta.jms.Topic'"), e.getMessage());
        assertTrue(e.getMessage().contains("destinationLookup='java:/jms/orders'"), e.getMessage());
        assertTrue(e.getMessage().contains("jakarta.jms.Queue 'orders'"), e.getMessage());
    }

    @Test
    void aDurableSubscriptionOfALookedUpQueueIsRefused() {
        WharfActivationSpec s = lookingUp("java:/jms/orders");
        s.setSubscriptionDurability("Durable");
        s.setSubscriptionName("audit");
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> EndpointTarget.resolve(s, "wharf:memory:x"));
        assertTrue(e.getMessage().contains("subscriptionDurability='Durable'"), e.getMessage());
    }

    @Test
    void aNameBoundToNothingOrToSomethingElseIsRefusedNamingIt() {
        InvalidPropertyException missing = assertThrows(InvalidPropertyException.class,
                () -> EndpointTarget.resolve(lookingUp("java:/jms/nope"), "wharf:memory:x"));
        assertTrue(missing.getMessage().contains("destinationLookup='java:/jms/nope'"), missing.getMessage());
        InvalidPropertyException other = assertThrows(InvalidPropertyException.class,
                () -> EndpointTarget.resolve(lookingUp("java:/jdbc/ds"), "wharf:memory:x"));
        assertTrue(other.getMessage().contains("java.lang.String, not a Wharf queue or topic"), other.getMessage());
        WharfActivationSpec s = lookingUp("java:/jms/orders");
        s.setConnectionFactoryLookup("java:/jms/orders");
        InvalidPropertyException cf = assertThrows(InvalidPropertyException.class,
                () -> EndpointTarget.resolve(s, "wharf:memory:x"));
        assertTrue(cf.getMessage().contains("connectionFactoryLookup='java:/jms/orders'"), cf.getMessage());
        assertTrue(cf.getMessage().contains("not a connection factory of the Wharf resource adapter"), cf.getMessage());
    }
}
