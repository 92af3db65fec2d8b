package org.wharfmq.store;

import java.util.List;

/**
 * Optional capability: topics whose publish fans out to one queue per subscription, the body
 * stored once. Subscription queues are ordinary standard queues for receive and delete, but are not
 * listed by ListQueues and are removed with their subscription.
 */
public interface Topics {

    /** Creates the topic if it does not exist. Names follow queue naming rules. */
    void createTopic(String topicName);

    /** Deletes the topic with all its subscriptions and their messages. */
    void deleteTopic(String topicName);

    List<String> listTopics();

    /**
     * Creates the subscription if it does not exist and returns the URL of its queue. A non-durable
     * subscription belongs to the open store that made it: it goes when that store closes, and where
     * several processes share the store, when another finds that store's process dead. {@code tag} is kept with the subscription
     * for the caller (a selector, say) and handed to publish filters; an existing subscription keeps
     * its tag.
     */
    String subscribe(String topicName, String subscriptionName, boolean durable, String tag);

    /** A subscription: its name, its queue's URL, whether it is durable, and its tag. */
    record Subscription(String name, String queueUrl, boolean durable, String tag) {
    }

    /** The subscription, if the topic has it. */
    java.util.Optional<Subscription> subscription(String topicName, String subscriptionName);

    /** Removes a subscription with its queue and messages. */
    void unsubscribe(String topicName, String subscriptionName);

    /** The subscriptions of a topic. */
    List<Subscription> listSubscriptions(String topicName);

    /**
     * Publishes to every current subscription whose tag {@code accept} (null: all) accepts for this
     * message; returns the MessageId, shared by all copies. A message no subscription takes is dropped.
     */
    SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options,
                       java.util.function.BiPredicate<String, MessageHeaders> accept);
}
