package org.wharfmq.jms;

import java.io.Serializable;
import javax.naming.NamingException;
import javax.naming.Reference;
import javax.naming.Referenceable;
import javax.naming.StringRefAddr;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueConnectionFactory;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicConnectionFactory;
import jakarta.jms.XAConnection;
import jakarta.jms.XAConnectionFactory;
import jakarta.jms.XAJMSContext;
import jakarta.jms.XAQueueConnection;
import jakarta.jms.XAQueueConnectionFactory;
import jakarta.jms.XATopicConnection;
import jakarta.jms.XATopicConnectionFactory;
import org.wharfmq.jms.gateway.StoreGateway;

/**
 * Wharf's connection factory. The URL names the store ({@code wharf:derby:<dir>},
 * {@code wharf:memory:<name>}) and carries connection options after {@code ?} (see README).
 *
 * <p>A store stays open while a connection or a factory uses it: a factory that opened its store
 * (a connection, {@link #admin()}, {@link #capabilities()}) keeps it open, so that connections
 * opened and closed in a loop do not reopen it each time, until {@link #close()}.
 */
public class WharfConnectionFactory implements ConnectionFactory, QueueConnectionFactory, TopicConnectionFactory,
        XAConnectionFactory, XAQueueConnectionFactory, XATopicConnectionFactory, Serializable, Referenceable,
        AutoCloseable {
    private static final long serialVersionUID = 1L;

    /** The store this factory keeps open, if it opened one. */
    private transient StoreGateway held;
    private String url;
    private volatile java.util.function.Supplier<?> joined;
    private String clientID;
    private boolean clientIDShared;
    private String user;
    private String password;

    public WharfConnectionFactory() {
    }

    public WharfConnectionFactory(String url) {
        this.url = url;
    }

    public String getUrl() {
        return url;
    }

    /** Sets the URL; a store this factory held open for the old URL is let go. */
    public void setUrl(String url) {
        close();
        this.url = url;
    }

    public String getClientID() {
        return clientID;
    }

    /** The client id every connection from this factory gets (at most one connection at a time can have it). */
    public void setClientID(String clientID) {
        this.clientID = clientID;
    }

    public boolean isClientIDShared() {
        return clientIDShared;
    }

    /**
     * True: the connections of this factory may all have its client id at once, as the pooled
     * connections of a server's factory do; no other connection can take the id while one of
     * them is open. An unshared durable subscription still has at most one consumer at a time.
     */
    public void setClientIDShared(boolean shared) {
        this.clientIDShared = shared;
    }

    public String getUser() {
        return user;
    }

    /** The user of {@link #createConnection()} without credentials. */
    public void setUser(String user) {
        this.user = user;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    /** Administration of the store's queues. */
    public QueueAdmin admin() throws JMSException {
        ConnectionOptions o = ConnectionOptions.parse(url);
        return new QueueAdmin(held(o).admin(), user, authenticate(o, user, password));
    }

    /**
     * The optional capabilities of the store's backend ({@code Topics}, {@code Browsing},
     * {@code FilteredReceive}, {@code MessageOptions}, {@code Transactions}, {@code XaTransactions},
     * {@code QueueStatistics});
     * docs/mapping.md says what JMS does without each.
     */
    public java.util.Set<String> capabilities() throws JMSException {
        return held(ConnectionOptions.parse(url)).capabilities().names();
    }

    /**
     * Lets go of the store this factory opened: it closes now unless a connection (from any
     * factory) or another factory still uses it. The factory stays usable: its next use opens the
     * store again. Spring calls this when it destroys a factory bean.
     */
    @Override
    public synchronized void close() {
        if (held != null) {
            held.release(this);
            held = null;
        }
    }

    /**
     * Closes the store this factory's URL names now if it is open in this JVM, whoever uses it;
     * its connections fail afterwards, and the next use opens it again. {@link #close()} is the
     * polite way, which leaves it open to its other users.
     */
    public void closeStore() throws JMSException {
        StoreGateway.close(ConnectionOptions.parse(url).storeUrl());
    }

    @Override
    public Connection createConnection() throws JMSException {
        return createConnection(user, password);
    }

    @Override
    public Connection createConnection(String userName, String pass) throws JMSException {
        return connect(userName, pass);
    }

    /**
     * Makes the transacted sessions of this factory's connections join the application's own
     * transaction, on a store that can ({@code wharf:postgresql:}): each time such a session begins
     * a unit of work, {@code resource} gives the transaction to join (a {@code java.sql.Connection}
     * to the store's database with auto-commit off), or null for a transaction of the store's own.
     * The session's sends, and the deletes of the messages it receives, are then made in that
     * transaction as they happen, and its commit or rollback decides them; {@code Session.commit()}
     * only ends the session's unit. With Spring: {@code () -> TransactionSynchronizationManager
     * .isActualTransactionActive() ? DataSourceUtils.getConnection(dataSource) : null}. Set it before
     * creating connections; null stops it.
     */
    public void joinTransactionsOf(java.util.function.Supplier<?> resource) {
        this.joined = resource;
    }

    private WharfConnection connect(String userName, String pass) throws JMSException {
        ConnectionOptions o = ConnectionOptions.parse(url);
        Permissions permissions = authenticate(o, userName, pass);
        held(o);
        WharfConnection c = new WharfConnection(o, userName, permissions);
        c.joined = joined;
        String id = clientID != null ? clientID : o.clientId();
        if (id != null) {
            try {
                c.setClientIDInternal(id, clientID != null && clientIDShared);
            } catch (JMSException e) {
                c.close();
                throw e;
            }
        }
        return c;
    }

    /** Checks the user's password, and returns what the users file lets them do. */
    private static Permissions authenticate(ConnectionOptions o, String userName, String pass) throws JMSException {
        if (o.user() != null) {
            if (!o.user().equals(userName) || o.password() != null && !o.password().equals(pass)) {
                throw new JMSSecurityException("user '" + userName + "' cannot connect: wrong user or password");
            }
        }
        if (o.usersFile() != null) {
            return UsersFile.authenticate(o.usersFile(), userName, pass);
        }
        return Permissions.NONE;
    }

    @Override
    public QueueConnection createQueueConnection() throws JMSException {
        return connect(user, password);
    }

    @Override
    public QueueConnection createQueueConnection(String userName, String pass) throws JMSException {
        return connect(userName, pass);
    }

    @Override
    public TopicConnection createTopicConnection() throws JMSException {
        return connect(user, password);
    }

    @Override
    public TopicConnection createTopicConnection(String userName, String pass) throws JMSException {
        return connect(userName, pass);
    }

    @Override
    public XAConnection createXAConnection() throws JMSException {
        return connect(user, password);
    }

    @Override
    public XAConnection createXAConnection(String userName, String pass) throws JMSException {
        return connect(userName, pass);
    }

    @Override
    public XAQueueConnection createXAQueueConnection() throws JMSException {
        return connect(user, password);
    }

    @Override
    public XAQueueConnection createXAQueueConnection(String userName, String pass) throws JMSException {
        return connect(userName, pass);
    }

    @Override
    public XATopicConnection createXATopicConnection() throws JMSException {
        return connect(user, password);
    }

    @Override
    public XATopicConnection createXATopicConnection(String userName, String pass) throws JMSException {
        return connect(userName, pass);
    }

    @Override
    public JMSContext createContext() {
        return createContext(user, password, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(String userName, String pass) {
        return createContext(userName, pass, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(String userName, String pass, int sessionMode) {
        try {
            return new WharfContext(connect(userName, pass), sessionMode, false);
        } catch (JMSException e) {
            throw WharfContext.runtime(e);
        }
    }

    @Override
    public JMSContext createContext(int sessionMode) {
        return createContext(user, password, sessionMode);
    }

    @Override
    public XAJMSContext createXAContext() {
        return createXAContext(user, password);
    }

    @Override
    public XAJMSContext createXAContext(String userName, String pass) {
        try {
            return new WharfContext(connect(userName, pass), JMSContext.SESSION_TRANSACTED, true);
        } catch (JMSException e) {
            throw WharfContext.runtime(e);
        }
    }

    @Override
    public Reference getReference() throws NamingException {
        Reference ref = new Reference(WharfConnectionFactory.class.getName(),
                "org.wharfmq.jms.jndi.WharfObjectFactory", null);
        ref.add(new StringRefAddr("url", url));
        if (clientID != null) {
            ref.add(new StringRefAddr("clientID", clientID));
        }
        if (user != null) {
            ref.add(new StringRefAddr("user", user));
        }
        if (password != null) {
            ref.add(new StringRefAddr("password", password));
        }
        return ref;
    }

    /**
     * The store {@code o} names, opened if need be and held open by this factory until {@link #close()};
     * told of {@code o}'s users file, which then guards its MBeans' operations too.
     */
    private synchronized StoreGateway held(ConnectionOptions o) throws JMSException {
        if (held == null || !held.isOpen()) {
            close();
            held = StoreGateway.hold(o.storeUrl(), WharfDestination::fromAddress, this);
        }
        if (o.usersFile() != null) {
            held.guardedBy(o.usersFile(), UsersFile.rules(o.usersFile()));
        }
        return held;
    }
}
