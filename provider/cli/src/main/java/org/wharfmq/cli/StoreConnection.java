package org.wharfmq.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.management.JMException;
import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import org.wharfmq.jms.management.StoreMBeans;
import org.wharfmq.jms.management.StoreMXBean;

/**
 * A store reached by one of the three routes ({@link StoreOptions#connect}): its {@link StoreMXBean},
 * the MBean server that holds it, and what to release at the end (the lease on a store this JVM
 * opened, or the JMX connection).
 */
public final class StoreConnection implements AutoCloseable {
    private final MBeanServerConnection mbeans;
    private final ObjectName name;
    private final StoreMXBean store;
    private final AutoCloseable resource;

    private StoreConnection(MBeanServerConnection mbeans, ObjectName name, AutoCloseable resource) {
        this.mbeans = mbeans;
        this.name = name;
        this.store = JMX.newMXBeanProxy(mbeans, name, StoreMXBean.class);
        this.resource = resource;
    }

    /**
     * The store MBean in {@code mbeans} ({@code where} names it in errors): {@code preferred} if it is
     * there, else the only one whose URL contains {@code filter} (any when null). Fails with exit code
     * 3 when there is none, 2 when the choice is ambiguous, listing the stores found. Closes
     * {@code resource} when it fails.
     */
    static StoreConnection open(MBeanServerConnection mbeans, String where, ObjectName preferred, String filter,
                                AutoCloseable resource) {
        try {
            return new StoreConnection(mbeans, pick(mbeans, where, preferred, filter), resource);
        } catch (RuntimeException e) {
            closeQuietly(resource, e);
            throw e;
        }
    }

    private static ObjectName pick(MBeanServerConnection mbeans, String where, ObjectName preferred, String filter) {
        Set<ObjectName> names;
        try {
            names = mbeans.queryNames(new ObjectName(StoreMBeans.DOMAIN + ":type=Store,*"), null);
        } catch (IOException | JMException e) {
            throw ToolFailure.unreachable("cannot list the MBeans of " + where + ": " + e.getMessage(), e);
        }
        if (preferred != null && names.contains(preferred)) {
            return preferred;
        }
        List<ObjectName> matching = new ArrayList<>();
        Set<String> all = new TreeSet<>();
        for (ObjectName n : names) {
            String url = urlOf(n);
            all.add(url);
            if (filter == null || url.contains(filter)) {
                matching.add(n);
            }
        }
        if (matching.size() == 1) {
            return matching.get(0);
        }
        if (names.isEmpty()) {
            throw ToolFailure.unreachable("no Wharf store in " + where
                    + " (a store has an MBean while it is open, if its backend gives queue statistics)", null);
        }
        if (matching.isEmpty()) {
            throw ToolFailure.unreachable("no Wharf store in " + where + " has '" + Secrets.redact(filter)
                    + "' in its URL; stores there: " + String.join(", ", all), null);
        }
        throw ToolFailure.usage("several Wharf stores in " + where + (filter == null ? "" : " match '"
                + Secrets.redact(filter) + "'") + ": " + String.join(", ", all) + "; pick one with --store <text>");
    }

    private static String urlOf(ObjectName storeName) {
        return Secrets.redact(ObjectName.unquote(storeName.getKeyProperty("store")));
    }

    private static void closeQuietly(AutoCloseable resource, Exception failure) {
        try {
            resource.close();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }

    /** The store's MBean: every operation of the tool goes through it. */
    public StoreMXBean store() {
        return store;
    }

    /** The connection that holds the store's MBean (and its queues' MBeans). */
    public MBeanServerConnection mbeans() {
        return mbeans;
    }

    /** The store's URL as it may be printed. */
    public String storeUrl() {
        return urlOf(name);
    }

    /** Releases the lease or closes the JMX connection. */
    @Override
    public void close() {
        try {
            resource.close();
        } catch (Exception e) {
            // Nothing more to do with this store: what the command did is done.
        }
    }
}
