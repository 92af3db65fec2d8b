package org.wharfmq.ra.inbound;

import java.io.Serializable;
import java.util.Optional;
import jakarta.jms.InvalidSelectorException;
import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.InvalidPropertyException;
import jakarta.resource.spi.ResourceAdapter;
import jakarta.resource.spi.ResourceAdapterAssociation;
import org.wharfmq.jms.OptionProblem;
import org.wharfmq.jms.Wharf;

/**
 * How a message-driven bean receives: the {@code @ActivationConfigProperty} values of an MDB, the
 * standard ones of Jakarta Messaging (destinationLookup, connectionFactoryLookup, destinationType,
 * messageSelector, acknowledgeMode, subscriptionDurability, clientId, subscriptionName) and
 * Wharf's. {@link #validate()} rejects a bad value naming the property and the value, and the
 * adapter validates before it activates, so a bad value fails the MDB's deployment.
 */
public class WharfActivationSpec implements ActivationSpec, ResourceAdapterAssociation, Serializable {
    private static final long serialVersionUID = 1L;

    static final String QUEUE = "jakarta.jms.Queue";
    static final String TOPIC = "jakarta.jms.Topic";
    static final String AUTO = "Auto-acknowledge";
    static final String DUPS_OK = "Dups-ok-acknowledge";
    static final String DURABLE = "Durable";
    static final String NON_DURABLE = "NonDurable";
    /** The most sessions, and so the most messages at once, an MDB's endpoint may have. */
    static final int MAX_SESSIONS = 1000;

    private String destination;
    private String destinationLookup;
    private String connectionFactoryLookup;
    private String destinationType;
    private String messageSelector;
    private String acknowledgeMode = AUTO;
    private String subscriptionDurability = NON_DURABLE;
    private String subscriptionName;
    private String clientId;
    private String user;
    private String password;
    private Integer maxSessions = 10;
    private Integer visibilityTimeout;
    private Integer prefetch = 0;
    private Integer redeliveryDelay;
    private Double redeliveryMultiplier;
    private Integer redeliveryMaxDelay;
    private String visibilityExtension;
    private Integer visibilityExtensionLimit;
    private transient ResourceAdapter adapter;

    @Override
    public void validate() throws InvalidPropertyException {
        if (blank(destinationLookup) && blank(destination)) {
            throw invalid("destinationLookup", destinationLookup, "give the JNDI name of the queue or topic to"
                    + " receive from (or Wharf's destination property, its store name); the server drops a"
                    + " misspelled property with a warning (WildFly WFLYEJB0006, Payara RAR8000)");
        }
        if (destinationType != null && !QUEUE.equals(destinationType) && !TOPIC.equals(destinationType)) {
            throw invalid("destinationType", destinationType, "use " + QUEUE + " or " + TOPIC);
        }
        if (!AUTO.equals(acknowledgeMode) && !DUPS_OK.equals(acknowledgeMode)) {
            throw invalid("acknowledgeMode", acknowledgeMode, "use " + AUTO + " or " + DUPS_OK);
        }
        if (!DURABLE.equals(subscriptionDurability) && !NON_DURABLE.equals(subscriptionDurability)) {
            throw invalid("subscriptionDurability", subscriptionDurability, "use " + DURABLE + " or " + NON_DURABLE);
        }
        if (isDurable() && !isTopic() && blank(destinationLookup)) {
            throw invalid("subscriptionDurability", subscriptionDurability, "a durable subscription needs"
                    + " destinationType " + TOPIC);
        }
        if (isDurable() && (subscriptionName == null || subscriptionName.isBlank())) {
            throw invalid("subscriptionName", subscriptionName, "a durable subscription needs a name");
        }
        if (messageSelector != null && !messageSelector.isBlank()) {
            try {
                Wharf.checkSelector(messageSelector);
            } catch (InvalidSelectorException e) {
                throw invalid("messageSelector", messageSelector, e.getMessage());
            }
        }
        if (maxSessions == null || maxSessions < 1 || maxSessions > MAX_SESSIONS) {
            throw invalid("maxSessions", maxSessions, "use 1.." + MAX_SESSIONS);
        }
        check(Wharf.checkOption("visibilityTimeout", visibilityTimeout));
        if (prefetch == null) {
            throw invalid("prefetch", null, "use a whole number of messages, 0 for none");
        }
        check(Wharf.checkOption("prefetch", prefetch));
        check(Wharf.checkRedelivery(redeliveryDelay, redeliveryMultiplier, redeliveryMaxDelay));
        check(Wharf.checkVisibilityExtension(visibilityExtension, visibilityExtensionLimit));
    }

    /** The provider's rules for Wharf's options, worded as activation properties. */
    private static void check(Optional<OptionProblem> problem) throws InvalidPropertyException {
        OptionProblem p = problem.orElse(null);
        if (p != null) {
            throw invalid(p.option(), p.value(), p.hint());
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    static InvalidPropertyException invalid(String property, Object value, String hint) {
        return new InvalidPropertyException("Wharf activation property " + property + "="
                + (value == null ? "(not set)" : "'" + value + "'") + " is not valid: " + hint);
    }

    boolean isTopic() {
        return TOPIC.equals(destinationType);
    }

    boolean isDurable() {
        return DURABLE.equals(subscriptionDurability);
    }

    /** Wharf's own: the store name of the queue or topic; a destinationLookup wins over it. */
    public String getDestination() {
        return destination;
    }

    public void setDestination(String destination) {
        this.destination = destination;
    }

    /** The JNDI name of a Wharf queue or topic, whose type then is the destination type. */
    public String getDestinationLookup() {
        return destinationLookup;
    }

    public void setDestinationLookup(String destinationLookup) {
        this.destinationLookup = destinationLookup;
    }

    /** The JNDI name of one of this adapter's connection factories, whose store and user the endpoint uses. */
    public String getConnectionFactoryLookup() {
        return connectionFactoryLookup;
    }

    public void setConnectionFactoryLookup(String connectionFactoryLookup) {
        this.connectionFactoryLookup = connectionFactoryLookup;
    }

    /**
     * {@code jakarta.jms.Queue} or {@code jakarta.jms.Topic}; not set: a looked-up destination's
     * type, else a queue. One that contradicts the looked-up destination fails the activation.
     */
    public String getDestinationType() {
        return destinationType;
    }

    public void setDestinationType(String destinationType) {
        this.destinationType = destinationType;
    }

    public String getMessageSelector() {
        return messageSelector;
    }

    public void setMessageSelector(String messageSelector) {
        this.messageSelector = messageSelector;
    }

    /** For an MDB without a transaction: {@code Auto-acknowledge} (default) or {@code Dups-ok-acknowledge}. */
    public String getAcknowledgeMode() {
        return acknowledgeMode;
    }

    public void setAcknowledgeMode(String acknowledgeMode) {
        this.acknowledgeMode = acknowledgeMode;
    }

    /** {@code NonDurable} (default) or {@code Durable}, for topics. */
    public String getSubscriptionDurability() {
        return subscriptionDurability;
    }

    public void setSubscriptionDurability(String subscriptionDurability) {
        this.subscriptionDurability = subscriptionDurability;
    }

    public String getSubscriptionName() {
        return subscriptionName;
    }

    public void setSubscriptionName(String subscriptionName) {
        this.subscriptionName = subscriptionName;
    }

    /** The client id of the durable subscription; without one it is a shared durable subscription. */
    public String getClientId() {
        return clientId;
    }

    public void setClientId(String clientId) {
        this.clientId = clientId;
    }

    /** The user the endpoint connects as, whose permissions apply (default: the connection URL's). */
    public String getUser() {
        return user;
    }

    public void setUser(String user) {
        this.user = user;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    /** How many messages the MDB may process at once (default 10). */
    public Integer getMaxSessions() {
        return maxSessions;
    }

    public void setMaxSessions(Integer maxSessions) {
        this.maxSessions = maxSessions;
    }

    /** Seconds a delivered message stays hidden from other sessions (default: the queue's). */
    public Integer getVisibilityTimeout() {
        return visibilityTimeout;
    }

    public void setVisibilityTimeout(Integer visibilityTimeout) {
        this.visibilityTimeout = visibilityTimeout;
    }

    /** Messages fetched beyond the first and delivered by the same session in the same transaction (default 0). */
    public Integer getPrefetch() {
        return prefetch;
    }

    public void setPrefetch(Integer prefetch) {
        this.prefetch = prefetch;
    }

    /**
     * Seconds a message stays invisible after the MDB fails on it the first time (its transaction
     * rolls back or onMessage throws); default: the connection URL's, else the queue's RedeliveryPolicy.
     */
    public Integer getRedeliveryDelay() {
        return redeliveryDelay;
    }

    public void setRedeliveryDelay(Integer redeliveryDelay) {
        this.redeliveryDelay = redeliveryDelay;
    }

    /** What each further failure multiplies the delay by, 1.0..10.0 (default 1.0). */
    public Double getRedeliveryMultiplier() {
        return redeliveryMultiplier;
    }

    public void setRedeliveryMultiplier(Double redeliveryMultiplier) {
        this.redeliveryMultiplier = redeliveryMultiplier;
    }

    /** The longest delay in seconds, redeliveryDelay..43200 (default 43200). */
    public Integer getRedeliveryMaxDelay() {
        return redeliveryMaxDelay;
    }

    public void setRedeliveryMaxDelay(Integer redeliveryMaxDelay) {
        this.redeliveryMaxDelay = redeliveryMaxDelay;
    }

    /**
     * {@code on} (default): a message the MDB still works on, or one of its batch waiting for it, is
     * kept hidden from other sessions and consumers until the delivery ends; {@code off}: it is
     * visible again when its visibility timeout ends.
     */
    public String getVisibilityExtension() {
        return visibilityExtension;
    }

    public void setVisibilityExtension(String visibilityExtension) {
        this.visibilityExtension = visibilityExtension;
    }

    /** The longest a message is kept hidden so, in seconds from its receive, 1..43200 (default 43200). */
    public Integer getVisibilityExtensionLimit() {
        return visibilityExtensionLimit;
    }

    public void setVisibilityExtensionLimit(Integer visibilityExtensionLimit) {
        this.visibilityExtensionLimit = visibilityExtensionLimit;
    }

    @Override
    public ResourceAdapter getResourceAdapter() {
        return adapter;
    }

    @Override
    public void setResourceAdapter(ResourceAdapter ra) {
        this.adapter = ra;
    }

    @Override
    public String toString() {
        return (blank(destinationLookup) ? (isTopic() ? "topic " : "queue ") + destination : destinationLookup)
                + (messageSelector == null || messageSelector.isBlank() ? "" : " [" + messageSelector + "]");
    }
}
