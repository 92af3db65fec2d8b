package org.wharfmq.ra.outbound;

import java.lang.reflect.Method;
import java.util.Set;
import jakarta.jms.IllegalStateException;
import jakarta.jms.QueueSession;
import jakarta.jms.Session;
import jakarta.jms.TopicSession;
import jakarta.jms.TransactionInProgressException;

/**
 * A {@code Session} handle over its connection handle's managed session. Its creation arguments
 * are not used (Jakarta Messaging 12.3): in a transaction it takes part in the transaction, which
 * the server ends; outside one it is non-transacted and acknowledges automatically, as the spec
 * recommends for a transacted or CLIENT_ACKNOWLEDGE request.
 */
final class SessionHandle extends Handle {
    /** What the session was created as: a QueueSession or TopicSession refuses the other domain's methods. */
    enum Domain { ANY, QUEUE, TOPIC }

    /** What a QueueSession refuses (QueueSession's javadoc). */
    private static final Set<String> TOPIC_METHODS = Set.of("createTopic", "createTemporaryTopic", "unsubscribe",
            "createDurableSubscriber", "createDurableConsumer", "createSharedConsumer", "createSharedDurableConsumer");
    /** What a TopicSession refuses (TopicSession's javadoc). */
    private static final Set<String> QUEUE_METHODS = Set.of("createQueue", "createTemporaryQueue", "createBrowser");

    private final ConnectionHandle connection;
    /** What the application asked for: only DUPS_OK_ACKNOWLEDGE is kept, as AUTO_ACKNOWLEDGE serves it. */
    private final int requested;
    private final Domain domain;

    SessionHandle(ConnectionHandle connection, int requested, Domain domain) {
        super(connection.owner(), Session.class, QueueSession.class, TopicSession.class);
        this.connection = connection;
        this.requested = requested;
        this.domain = domain;
    }

    @Override
    public RequestInfo.Kind kind() {
        return RequestInfo.Kind.CONNECTION;
    }

    /** The session of the managed connection its connection handle has now. */
    @Override
    Object target() {
        return connection.owner().session();
    }

    private boolean inTransaction() {
        return connection.owner().inTransaction();
    }

    @Override
    Object intercept(Method method, Object[] args) throws Exception {
        String name = method.getName();
        if (domain == Domain.QUEUE && TOPIC_METHODS.contains(name)) {
            throw new IllegalStateException("QueueSession." + name + " is not allowed: it is for topics");
        }
        if (domain == Domain.TOPIC && QUEUE_METHODS.contains(name)) {
            throw new IllegalStateException("TopicSession." + name + " is not allowed: it is for queues");
        }
        return switch (name) {
            case "getTransacted" -> inTransaction();
            case "getAcknowledgeMode" -> inTransaction() ? Session.SESSION_TRANSACTED
                    : requested == Session.DUPS_OK_ACKNOWLEDGE ? requested : Session.AUTO_ACKNOWLEDGE;
            case "commit", "rollback" -> {
                if (inTransaction()) {
                    throw new TransactionInProgressException("Session." + name + " is not allowed in a transaction"
                            + " the server manages: the session takes part in it, and the transaction manager"
                            + " commits or rolls it back (Jakarta Messaging 12.3)");
                }
                throw new IllegalStateException("Session." + name + " is not allowed: outside a transaction the"
                        + " session of a Jakarta EE component is non-transacted (Jakarta Messaging 12.3)");
            }
            case "recover" -> {
                if (inTransaction()) {
                    throw new IllegalStateException("Session.recover is not allowed in a transaction the server"
                            + " manages: the session takes part in it (Jakarta Messaging 12.3)");
                }
                // An XA session out of its transaction acknowledges each message as it is received:
                // none is left to redeliver.
                yield ((Session) target()).getTransacted() ? null : PASS;
            }
            default -> PASS;
        };
    }

    @Override
    Exception closedError() {
        return new IllegalStateException("the session is closed");
    }

    @Override
    void afterClose() {
        // The physical session stays with its managed connection.
    }
}
