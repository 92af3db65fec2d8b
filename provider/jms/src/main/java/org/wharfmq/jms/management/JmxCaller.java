package org.wharfmq.jms.management;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.AccessController;
import java.util.Map;
import java.util.Set;
import javax.management.remote.JMXPrincipal;
import javax.security.auth.Subject;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.AccessRules;
import org.wharfmq.jms.gateway.StoreGateway;

/**
 * Checks the caller of a store's MBean operation against the users files the store was opened
 * with (docs/security.md). The caller is the {@link JMXPrincipal} the JMX connector authenticated;
 * a call without one (an in-process caller, the local attach connector, a connector without
 * authentication) comes from the JVM's own OS user, who could read the store's heap anyway, and is
 * not checked. With a principal, each users file of the store must allow the operation.
 */
final class JmxCaller {
    /** {@code Subject.current()} where the JDK has it (18+): the subject of the connector's call either way. */
    private static final MethodHandle CURRENT = current();

    private JmxCaller() {
    }

    private static MethodHandle current() {
        try {
            return MethodHandles.publicLookup().findStatic(Subject.class, "current", MethodType.methodType(Subject.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /** The name of the principal the JMX connector authenticated for this call, or null if none. */
    static String principal() {
        Subject subject = subject();
        if (subject == null) {
            return null;
        }
        Set<JMXPrincipal> principals = subject.getPrincipals(JMXPrincipal.class);
        return principals.isEmpty() ? null : principals.iterator().next().getName();
    }

    @SuppressWarnings("removal") // Subject.getSubject is the only way to the connector's subject on JDK 17.
    private static Subject subject() {
        if (CURRENT != null) {
            try {
                return (Subject) CURRENT.invoke();
            } catch (Throwable e) {
                throw new IllegalStateException("cannot tell the JMX caller: " + e, e);
            }
        }
        return Subject.getSubject(AccessController.getContext());
    }

    /**
     * Throws unless the caller may {@code permission} (send, consume, browse, create, delete, admin)
     * queue {@code queue} of {@code gateway}'s store: an IllegalArgumentException naming user,
     * permission, queue and store, as JMS's refusal does.
     */
    static void check(StoreGateway gateway, String permission, String queue) {
        String user = principal();
        if (user != null && !allows(gateway, user, permission, queue)) {
            throw new IllegalArgumentException("user '" + user + "' may not " + verb(permission) + " queue " + queue
                    + " of store " + StoreGateway.printable(gateway.url()) + " (permission " + permission + ")");
        }
    }

    /** Whether the caller may {@code permission} queue {@code queue}: true without a principal. */
    static boolean allows(StoreGateway gateway, String permission, String queue) {
        String user = principal();
        return user == null || allows(gateway, user, permission, queue);
    }

    private static boolean allows(StoreGateway gateway, String user, String permission, String queue) {
        for (Map.Entry<String, AccessRules> file : gateway.guards().entrySet()) {
            try {
                if (!file.getValue().allows(user, permission, queue)) {
                    return false;
                }
            } catch (JMSException e) {
                throw new IllegalArgumentException("store " + StoreGateway.printable(gateway.url()) + ": "
                        + e.getMessage() + "; no JMX operation is allowed until it is readable");
            }
        }
        return true;
    }

    private static String verb(String permission) {
        return switch (permission) {
            case "send" -> "send to";
            case "consume" -> "consume from";
            case "delete" -> "delete or purge";
            case "admin" -> "administer";
            default -> permission;
        };
    }
}
