package org.wharfmq.jms.gateway;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jakarta.jms.JMSException;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;

/**
 * The one door from the JMS objects to a store backend, one per open store URL in this JVM. It
 * opens and closes the store and hands out one part per job: {@link #capabilities()} (with the
 * checks of what a feature needs), {@link #queues()} (queue URLs, declarations, topics),
 * {@link #sending()}, {@link #receiving()}, {@link #subscribing()}, {@link #transacting()} and
 * {@link #admin()}, and the threads its listeners share ({@link #listenerThreads()}). Only these
 * parts speak to the store, through the message {@link Encoding} the backend's limits allow and
 * the one translation of store errors ({@link Errors}). Each
 * {@link QueueListenerFactory} found gives the store a {@link QueueListener} as it opens.
 */
public final class StoreGateway {
    private final String url;
    private final QueueService service;
    private final QueueListeners listeners = new QueueListeners();
    private final Capabilities capabilities;
    private final Queues queues;
    private final Sending sending;
    private final Receiving receiving;
    private final Subscribing subscribing;
    private final Transacting transacting;
    private final VisibilityExtender extender;
    private final ListenerThreads listenerThreads;
    /** The rules of each users file this store was opened with, by file. */
    private final Map<String, AccessRules> guards = new ConcurrentHashMap<>();

    private StoreGateway(String url, QueueService service, MessageCodec.AddressResolver addresses,
                         ListenerThreads listenerThreads) {
        this.url = url;
        this.service = service;
        this.listenerThreads = listenerThreads;
        this.capabilities = new Capabilities(url, service);
        Encoding encoding = new Encoding(service.limits(), capabilities.options != null, addresses);
        Redeliveries redeliveries = new Redeliveries(service);
        this.extender = new VisibilityExtender(service);
        this.queues = new Queues(service, capabilities, redeliveries, extender, listeners);
        this.sending = new Sending(service, capabilities, queues, encoding);
        this.receiving = new Receiving(service, capabilities, queues, encoding, redeliveries, extender);
        this.subscribing = new Subscribing(capabilities, queues);
        this.transacting = new Transacting(capabilities);
    }

    /** Opens the store at {@code storeUrl}; {@link OpenStores} shares it between its users. */
    static StoreGateway open(String storeUrl, MessageCodec.AddressResolver addresses) throws JMSException {
        ListenerThreads threads = ListenerThreads.fromProperty();
        QueueService service = Errors.call(() -> QueueServices.open(storeUrl));
        StoreGateway gateway = new StoreGateway(storeUrl, service, addresses, threads);
        gateway.listeners.open(gateway);
        return gateway;
    }

    /** Closes the store; only {@link OpenStores} calls it. */
    void shut() {
        listeners.storeClosing();
        extender.shut();
        listenerThreads.shutdown();
        service.close();
    }

    /**
     * The open store at {@code storeUrl}, opening it on first use, held open for {@code holder} (a
     * connection factory) until {@link #release}; {@code addresses} turns a JMSReplyTo address back
     * into a destination.
     */
    public static StoreGateway hold(String storeUrl, MessageCodec.AddressResolver addresses, Object holder)
            throws JMSException {
        return OpenStores.acquire(storeUrl, addresses, holder, false);
    }

    /**
     * As {@link #hold}, for {@code worker} (a connection): at JVM exit the last-resort hook waits a
     * few seconds for it to close, then closes it, before it closes the store.
     */
    public static StoreGateway attach(String storeUrl, MessageCodec.AddressResolver addresses, AutoCloseable worker)
            throws JMSException {
        return OpenStores.acquire(storeUrl, addresses, worker, true);
    }

    /**
     * As {@link #hold}, for {@code lease} (a resource adapter's): when the last lease on the store is
     * released, the store closes whatever other users it has.
     */
    public static StoreGateway lease(String storeUrl, MessageCodec.AddressResolver addresses, Object lease)
            throws JMSException {
        return OpenStores.acquireLease(storeUrl, addresses, lease);
    }

    /** {@code user} no longer uses this store; the last user closes it. Releasing twice does nothing. */
    public void release(Object user) {
        OpenStores.release(this, user);
    }

    /** True if the store at {@code storeUrl} is open in this JVM. */
    public static boolean isOpen(String storeUrl) {
        return OpenStores.isOpen(storeUrl);
    }

    /** True until this store is closed (by its last user, or by {@link #close(String)}). */
    public boolean isOpen() {
        return OpenStores.isCurrent(this);
    }

    /**
     * Closes the store at {@code storeUrl} now if it is open, whatever its users (a resource adapter
     * or a test restarting it); its connections fail afterwards, and the next use opens it again.
     */
    public static void close(String storeUrl) {
        OpenStores.close(storeUrl);
    }

    /** The store URL. */
    public String url() {
        return url;
    }

    /** {@code url} as it may be printed: secrets and passwords hidden. */
    public static String printable(String url) {
        return QueueServices.redact(url);
    }

    /** The URL forms of the backends on the class path, as their providers name them. */
    public static String urlForms() {
        return QueueServices.urlForms();
    }

    /** Whether the backend of {@code storeUrl} keeps its stores outside the process (see QueueServiceProvider). */
    public static boolean sharedByProcesses(String storeUrl) throws JMSException {
        return backend(storeUrl).sharedByProcesses();
    }

    /** Why {@code storeUrl} names no store yet, as its backend says, or empty. */
    public static java.util.Optional<String> missingStore(String storeUrl) throws JMSException {
        return backend(storeUrl).missingStore(storeUrl);
    }

    private static org.wharfmq.store.QueueServiceProvider backend(String storeUrl) throws JMSException {
        try {
            return QueueServices.provider(storeUrl);
        } catch (org.wharfmq.store.QueueServiceException e) {
            JMSException j = new JMSException(e.detail(), e.code());
            j.initCause(e);
            throw j;
        }
    }

    /**
     * A connection factory opened this store with users file {@code file}, whose rules {@code rules}
     * reads: operations from outside JMS (JMX) are checked against it too, until the store closes.
     */
    public void guardedBy(String file, AccessRules rules) {
        guards.putIfAbsent(file, rules);
    }

    /** The rules of each users file this store was opened with, by file; empty: none. */
    public Map<String, AccessRules> guards() {
        return Map.copyOf(guards);
    }

    /** The backend's optional capabilities, and the checks of what a JMS feature needs. */
    public Capabilities capabilities() {
        return capabilities;
    }

    /** The queues and topics this JVM knows in the store. */
    public Queues queues() {
        return queues;
    }

    /** Sends and publishes. */
    public Sending sending() {
        return sending;
    }

    /** Fetches, settles and browses. */
    public Receiving receiving() {
        return receiving;
    }

    /** The threads that run this store's listeners where {@link Receiving#notifiesArrivals()}. */
    public ListenerThreads listenerThreads() {
        return listenerThreads;
    }

    /** Topic subscriptions. */
    public Subscribing subscribing() {
        return subscribing;
    }

    /** Local units of work and XA resources. */
    public Transacting transacting() {
        return transacting;
    }

    /** Administration by queue name; see {@link Admin}. */
    public Admin admin() {
        return new Admin(queues, capabilities, service);
    }
}
