package org.wharfmq.jms.gateway;

import java.util.Set;
import java.util.TreeSet;
import jakarta.jms.JMSException;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.FairQueues;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.JoinedTransactions;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.XaTransactions;

/**
 * The optional capabilities of one store's backend, looked up once as the store opens, and the
 * checks that fail naming the store, its backend and the capability when a JMS feature needs one
 * the backend lacks ({@code docs/mapping.md} says what JMS does without each).
 */
public final class Capabilities {
    private final String url;
    private final QueueService service;
    final Topics topics;
    final Browsing browsing;
    final FilteredReceive filteredReceive;
    final MessageOptions options;
    final Transactions transactions;
    final XaTransactions xaTransactions;
    final JoinedTransactions joinedTransactions;
    final QueueStatistics statistics;
    final FairQueues fairQueues;
    final ArrivalNotification arrivals;

    Capabilities(String url, QueueService service) {
        this.url = url;
        this.service = service;
        this.topics = service.extension(Topics.class).orElse(null);
        this.browsing = service.extension(Browsing.class).orElse(null);
        this.filteredReceive = service.extension(FilteredReceive.class).orElse(null);
        this.options = service.extension(MessageOptions.class).orElse(null);
        this.transactions = service.extension(Transactions.class).orElse(null);
        this.xaTransactions = service.extension(XaTransactions.class).orElse(null);
        this.joinedTransactions = service.extension(JoinedTransactions.class).orElse(null);
        this.statistics = service.extension(QueueStatistics.class).orElse(null);
        this.fairQueues = service.extension(FairQueues.class).orElse(null);
        this.arrivals = service.extension(ArrivalNotification.class).orElse(null);
    }

    /** The optional capabilities the backend offers, by name (Topics, Browsing, FilteredReceive, ...). */
    public Set<String> names() {
        Set<String> names = new TreeSet<>();
        addIf(names, topics, "Topics");
        addIf(names, browsing, "Browsing");
        addIf(names, filteredReceive, "FilteredReceive");
        addIf(names, options, "MessageOptions");
        addIf(names, transactions, "Transactions");
        addIf(names, xaTransactions, "XaTransactions");
        addIf(names, joinedTransactions, "JoinedTransactions");
        addIf(names, statistics, "QueueStatistics");
        addIf(names, fairQueues, "FairQueues");
        addIf(names, arrivals, "ArrivalNotification");
        return names;
    }

    private static void addIf(Set<String> names, Object capability, String name) {
        if (capability != null) {
            names.add(name);
        }
    }

    /** Fails unless the backend offers local transactions, which {@code what} needs. */
    public void requireTransactions(String what) throws JMSException {
        require(transactions, "Transactions", what);
    }

    /** Fails unless the backend joins the application's own transactions, which {@code what} needs. */
    public void requireJoined(String what) throws JMSException {
        require(joinedTransactions, "JoinedTransactions", what);
    }

    /** Fails unless the backend offers XA transactions, which {@code what} needs. */
    public void requireXa(String what) throws JMSException {
        require(xaTransactions, "XaTransactions", what);
    }

    /** Fails at once unless the backend can browse (a QueueBrowser is refused at creation). */
    public void requireBrowsing() throws JMSException {
        require(browsing, "Browsing", "a QueueBrowser");
    }

    void requireTopics(String what) throws JMSException {
        require(topics, "Topics", what);
    }

    /** The backend's {@code capability}, or a failure naming it and {@code what} needs it. */
    <T> T require(Class<T> capability, String what) throws JMSException {
        T c = service.extension(capability).orElse(null);
        require(c, capability.getSimpleName(), what);
        return c;
    }

    private void require(Object capability, String name, String what) throws JMSException {
        if (capability == null) {
            throw new JMSException("the store " + QueueServices.redact(url) + " (backend "
                    + service.getClass().getSimpleName()
                    + ") does not offer " + name + ", which " + what + " needs", "UnsupportedOperation");
        }
    }
}
