package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jakarta.jms.JMSException;

/**
 * The stores open in this JVM, each with its users: a store opens with its first user and closes
 * when its last one lets go. Users are of three kinds. A <em>holder</em> (a connection factory that
 * has opened the store) keeps it open only to spare a reopen per connection, which costs about half
 * a second on Derby. A <em>worker</em> (a connection) may be in the middle of work. A <em>lease</em>
 * (a resource adapter's) keeps it open while held, and the last lease released closes it whatever
 * other users it has: the .rar may be going away, and a redeployed one must find the store free.
 *
 * <p>At JVM exit a last-resort hook (unless {@code -Dwharf.shutdownHook=false}) closes at once the
 * stores without workers; for the others it waits up to {@value #EXIT_WAIT_MILLIS} ms for their
 * workers to close, as a container stopping its listeners does, then closes the workers left
 * itself, and then their stores.
 */
final class OpenStores {
    static final long EXIT_WAIT_MILLIS = 5000;
    private static final Map<String, Entry> OPEN = new HashMap<>();
    private static boolean hooked;

    /** An open store and its users. */
    private static final class Entry {
        final StoreGateway gateway;
        final Set<Object> holders = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<AutoCloseable> workers = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<Object> leases = Collections.newSetFromMap(new IdentityHashMap<>());

        Entry(StoreGateway gateway) {
            this.gateway = gateway;
        }

        boolean unused() {
            return holders.isEmpty() && workers.isEmpty() && leases.isEmpty();
        }
    }

    private OpenStores() {
    }

    /** Installs the exit hook once, unless the system property wharf.shutdownHook is false. */
    private static void hookUnlessOff() throws JMSException {
        String on = System.getProperty("wharf.shutdownHook", "true").trim();
        if (!on.equalsIgnoreCase("true") && !on.equalsIgnoreCase("false")) {
            throw new JMSException("system property wharf.shutdownHook must be true or false, not '" + on + "'");
        }
        if (!hooked && on.equalsIgnoreCase("true")) {
            Runtime.getRuntime().addShutdownHook(new Thread(OpenStores::closeAtExit, "wharf-store-shutdown"));
            hooked = true;
        }
    }

    /** The store at {@code url}, opened if need be, with {@code user} counted among its users. */
    static synchronized StoreGateway acquire(String url, MessageCodec.AddressResolver addresses, Object user,
                                             boolean worker) throws JMSException {
        Entry e = entry(url, addresses);
        if (worker) {
            e.workers.add((AutoCloseable) user);
        } else {
            e.holders.add(user);
        }
        return e.gateway;
    }

    /** The store at {@code url}, opened if need be, with {@code lease} counted among its leases. */
    static synchronized StoreGateway acquireLease(String url, MessageCodec.AddressResolver addresses, Object lease)
            throws JMSException {
        Entry e = entry(url, addresses);
        e.leases.add(lease);
        return e.gateway;
    }

    private static Entry entry(String url, MessageCodec.AddressResolver addresses) throws JMSException {
        Entry e = OPEN.get(url);
        if (e == null) {
            hookUnlessOff();
            e = new Entry(StoreGateway.open(url, addresses));
            OPEN.put(url, e);
        }
        return e;
    }

    /**
     * Stops counting {@code user}; closes the store when it was the last user, or the last lease. A
     * second release is a no-op.
     */
    static void release(StoreGateway gateway, Object user) {
        synchronized (OpenStores.class) {
            Entry e = OPEN.get(gateway.url());
            if (e == null || e.gateway != gateway) {
                return;
            }
            boolean lease = e.leases.remove(user);
            boolean was = lease | e.holders.remove(user) | e.workers.remove(user);
            OpenStores.class.notifyAll();
            if (!was || !(e.unused() || lease && e.leases.isEmpty())) {
                return;
            }
            OPEN.remove(gateway.url());
        }
        gateway.shut();
    }

    /** True if the store at {@code url} is open in this JVM. */
    static synchronized boolean isOpen(String url) {
        return OPEN.containsKey(url);
    }

    /** True if {@code gateway} is the open store at its URL. */
    static synchronized boolean isCurrent(StoreGateway gateway) {
        Entry e = OPEN.get(gateway.url());
        return e != null && e.gateway == gateway;
    }

    /** Closes the store at {@code url} now, whatever its users; they fail afterwards. */
    static void close(String url) {
        Entry e;
        synchronized (OpenStores.class) {
            e = OPEN.remove(url);
        }
        if (e != null) {
            e.gateway.shut();
        }
    }

    /**
     * At JVM exit: closes the unused and worker-less stores at once, waits (bounded) for the workers
     * of the others to close, closes those still open, then their stores, all stores in parallel
     * since Derby takes about half a second to shut a database down, mostly waiting.
     */
    static void closeAtExit() {
        long deadline = System.currentTimeMillis() + EXIT_WAIT_MILLIS;
        List<Thread> closing = new ArrayList<>();
        for (Entry e : snapshot()) {
            Thread t = new Thread(() -> closeAtExit(e, deadline), "wharf-store-close");
            t.start();
            closing.add(t);
        }
        try {
            for (Thread t : closing) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static synchronized List<Entry> snapshot() {
        return new ArrayList<>(OPEN.values());
    }

    private static void closeAtExit(Entry e, long deadline) {
        synchronized (OpenStores.class) {
            try {
                for (long left = deadline - System.currentTimeMillis(); !e.workers.isEmpty() && left > 0;
                     left = deadline - System.currentTimeMillis()) {
                    OpenStores.class.wait(left);
                }
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
        for (AutoCloseable worker : workersOf(e)) {
            try {
                worker.close();
            } catch (Exception ignored) {
                // The JVM is exiting; its store closes below either way.
            }
        }
        synchronized (OpenStores.class) {
            if (OPEN.get(e.gateway.url()) != e) {
                return;
            }
            OPEN.remove(e.gateway.url());
        }
        e.gateway.shut();
    }

    private static synchronized List<AutoCloseable> workersOf(Entry e) {
        return new ArrayList<>(e.workers);
    }
}
