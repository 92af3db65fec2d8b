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
     * Creates the subscription if it does not exist and returns the URL of its queue.
     * A non-durable subscription does not survive a close of the store.
     */
    String subscribe(String topicName, String subscriptionName, boolean durable);

    /** Removes a subscription with its queue and messages. */
    void unsubscribe(String topicName, String subscriptionName);

    /** The subscription names of a topic. */
    List<String> listSubscriptions(String topicName);

    /**
     * Publishes to every current subscription; returns the MessageId, shared by all copies.
     * A topic with no subscriptions accepts and drops the message.
     */
    SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options);
}
