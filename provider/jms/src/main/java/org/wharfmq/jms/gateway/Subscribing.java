package org.wharfmq.jms.gateway;

import java.util.Optional;
import jakarta.jms.JMSException;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.Topics;

/** The topic subscriptions of one store: made, found by name, and removed. */
public final class Subscribing {
    private final Capabilities capabilities;
    private final Queues queues;

    Subscribing(Capabilities capabilities, Queues queues) {
        this.capabilities = capabilities;
        this.queues = queues;
    }

    /** A topic subscription: its topic and the tag stored with it. */
    public record Subscription(String topic, String tag) {
    }

    /**
     * Creates the subscription if it does not exist and returns its queue's URL. If the store
     * refuses it (its name or tag, say), a topic this call created is deleted again.
     */
    public String subscribe(String topic, String subscription, boolean durable, String tag) throws JMSException {
        boolean newTopic = queues.topicMissing(topic);
        queues.topic(topic);
        try {
            return Errors.call(() -> capabilities.topics.subscribe(topic, subscription, durable, tag));
        } catch (JMSException e) {
            if (newTopic) {
                queues.deleteTopicIfUnused(topic);
            }
            throw e;
        }
    }

    /** The topic that has subscription {@code name}, with its tag. */
    public Optional<Subscription> findSubscription(String name) throws JMSException {
        capabilities.requireTopics("a subscription");
        Topics topics = capabilities.topics;
        return Errors.call(() -> {
            for (String t : topics.listTopics()) {
                Optional<Topics.Subscription> s = topics.subscription(t, name);
                if (s.isPresent()) {
                    return Optional.of(new Subscription(t, s.get().tag()));
                }
            }
            return Optional.empty();
        });
    }

    /** Removes a subscription with its messages. */
    public void unsubscribe(String topic, String subscription) throws JMSException {
        capabilities.requireTopics("unsubscribe");
        Errors.call(() -> {
            capabilities.topics.unsubscribe(topic, subscription);
            return null;
        });
    }

    /** Removes a subscription if it still exists (it may have gone with its topic). */
    public void unsubscribeQuietly(String topic, String subscription) {
        try {
            if (capabilities.topics != null) {
                capabilities.topics.unsubscribe(topic, subscription);
            }
        } catch (QueueServiceException e) {
            // Already removed with its topic.
        }
    }
}
