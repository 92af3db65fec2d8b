package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.Topics;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.Rules;
import org.wharfmq.store.testing.ManualClock;

/** Topics: publish fans out to one queue per subscription. */
public abstract class TopicsContract {
    private static final MessageOptions.Options DEFAULT = MessageOptions.Options.DEFAULT;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private Topics topics;

    /** The backend under test. */
    protected abstract Backend backend();

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private void openTransient() {
        open(backend().storeUrl("topics"));
    }

    private void openDurable() {
        open(backend().durableStoreUrl(dir.resolve("store")));
    }

    private void open(String url) {
        backend().assumeCapabilities(Topics.class);
        service = QueueServices.open(url, clock);
        topics = backend().capability(service, Topics.class);
    }

    private void reopenDurable() {
        service.close();
        service = null;
        openDurable();
    }

    private String publish(String topic, String body) {
        return topics.publish(topic, SendMessageRequest.of(null, body), DEFAULT, null).messageId();
    }

    private List<String> subscriptionNames(String topic) {
        return topics.listSubscriptions(topic).stream().map(Topics.Subscription::name).toList();
    }

    /** Publishes a message with a color attribute to the subscriptions whose tag is null or that color. */
    private void publishColored(String topic, String body, String color) {
        topics.publish(topic, SendMessageRequest.of(null, body)
                        .withAttributes(Map.of("color", MessageAttributeValue.string(color))), DEFAULT,
                (tag, view) -> tag == null || tag.equals(view.messageAttributes().get("color").stringValue()));
    }

    private List<ReceivedMessage> receive(String url) {
        return service.receiveMessage(ReceiveMessageRequest.of(url, 10).withVisibilityTimeout(60));
    }

    private List<String> bodies(String url) {
        return receive(url).stream().map(ReceivedMessage::body).toList();
    }

    @Test
    void publishFansOutToEverySubscription() {
        openTransient();
        topics.createTopic("news");
        String first = topics.subscribe("news", "first", true, null);
        String second = topics.subscribe("news", "second", false, null);

        String id = publish("news", "hello");

        for (String url : List.of(first, second)) {
            List<ReceivedMessage> got = receive(url);
            assertEquals(1, got.size(), url);
            assertEquals("hello", got.get(0).body());
            assertEquals(id, got.get(0).messageId());
        }
    }

    @Test
    void eachSubscriptionIsConsumedIndependently() {
        backend().differs(Rules.SERVER_CLOCK);
        openTransient();
        topics.createTopic("news");
        String first = topics.subscribe("news", "first", true, null);
        String second = topics.subscribe("news", "second", true, null);
        publish("news", "a");
        publish("news", "b");

        ReceivedMessage a = receive(first).get(0);
        service.deleteMessage(first, a.receiptHandle());
        clock.advanceSeconds(61);

        assertEquals(List.of("b"), bodies(first));
        assertEquals(List.of("a", "b"), bodies(second));
    }

    @Test
    void unsubscribeRemovesTheSubscriptionWithItsMessages() {
        openTransient();
        topics.createTopic("news");
        String gone = topics.subscribe("news", "gone", true, null);
        String kept = topics.subscribe("news", "kept", true, null);
        publish("news", "a");

        topics.unsubscribe("news", "gone");

        assertEquals(List.of("kept"), subscriptionNames("news"));
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> receive(gone));
        assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code());
        assertEquals(List.of("a"), bodies(kept));
    }

    @Test
    void resubscribingAfterUnsubscribeStartsEmpty() {
        openTransient();
        topics.createTopic("news");
        topics.subscribe("news", "again", true, null);
        publish("news", "old");
        topics.unsubscribe("news", "again");

        String url = topics.subscribe("news", "again", true, null);

        assertEquals(List.of(), receive(url));
    }

    @Test
    void durableSubscriptionSurvivesReopenWithItsMessages() {
        openDurable();
        topics.createTopic("news");
        String url = topics.subscribe("news", "keeper", true, null);
        String id = publish("news", "kept");

        reopenDurable();

        assertEquals(List.of("keeper"), subscriptionNames("news"));
        List<ReceivedMessage> got = receive(url);
        assertEquals(1, got.size());
        assertEquals(id, got.get(0).messageId());
        assertEquals("kept", got.get(0).body());
    }

    @Test
    void nonDurableSubscriptionDoesNotSurviveReopen() {
        openDurable();
        topics.createTopic("news");
        topics.subscribe("news", "keeper", true, null);
        String temporary = topics.subscribe("news", "temporary", false, null);
        publish("news", "a");

        reopenDurable();

        assertEquals(List.of("keeper"), subscriptionNames("news"));
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> receive(temporary));
        assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code());
    }

    @Test
    void topicSurvivesReopen() {
        openDurable();
        topics.createTopic("news");

        reopenDurable();

        assertEquals(List.of("news"), topics.listTopics());
    }

    @Test
    void subscriptionQueuesAreNotListedByListQueues() {
        openTransient();
        String plain = service.createQueue("plain", Map.of());
        topics.createTopic("news");
        String sub = topics.subscribe("news", "sub", true, null);
        String temp = topics.subscribe("news", "temp", false, null);

        List<String> listed = service.listQueues(null);

        assertEquals(List.of(plain), listed);
        assertFalse(listed.contains(sub) || listed.contains(temp));
    }

    @Test
    void publishWithoutSubscriptionsIsAcceptedAndDropped() {
        openTransient();
        topics.createTopic("news");

        String id = publish("news", "nobody listens");
        String late = topics.subscribe("news", "late", true, null);

        assertTrue(id != null && !id.isEmpty());
        assertEquals(List.of(), receive(late));
    }

    @Test
    void deleteTopicRemovesItsSubscriptions() {
        openTransient();
        topics.createTopic("news");
        String sub = topics.subscribe("news", "sub", true, null);
        publish("news", "a");

        topics.deleteTopic("news");

        assertEquals(List.of(), topics.listTopics());
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> receive(sub));
        assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code());
    }

    @Test
    void publishReachesOnlySubscriptionsWhoseTagIsAccepted() {
        openTransient();
        topics.createTopic("news");
        String reds = topics.subscribe("news", "reds", true, "red");
        String blues = topics.subscribe("news", "blues", true, "blue");
        String all = topics.subscribe("news", "all", true, null);

        publishColored("news", "r", "red");

        assertEquals(List.of("r"), bodies(reds));
        assertEquals(List.of(), bodies(blues));
        assertEquals(List.of("r"), bodies(all));
    }

    @Test
    void messageNoSubscriptionTakesIsDropped() {
        openTransient();
        topics.createTopic("news");
        String reds = topics.subscribe("news", "reds", true, "red");

        publishColored("news", "b", "blue");

        assertEquals(List.of(), bodies(reds));
        assertEquals("0", service.getQueueAttributes(reds, List.of("ApproximateNumberOfMessages"))
                .get("ApproximateNumberOfMessages"));
    }

    @Test
    void existingSubscriptionKeepsItsTag() {
        openTransient();
        topics.createTopic("news");
        String url = topics.subscribe("news", "sub", true, "first");

        assertEquals(url, topics.subscribe("news", "sub", true, "second"));

        assertEquals("first", topics.subscription("news", "sub").orElseThrow().tag());
    }

    @Test
    void subscriptionDescribesItself() {
        openTransient();
        topics.createTopic("news");
        String url = topics.subscribe("news", "sub", false, "a-tag");

        assertEquals(new Topics.Subscription("sub", url, false, "a-tag"),
                topics.subscription("news", "sub").orElseThrow());
        assertTrue(topics.subscription("news", "nobody").isEmpty());
    }

    @Test
    void durableSubscriptionKeepsItsTagAcrossReopen() {
        openDurable();
        topics.createTopic("news");
        String url = topics.subscribe("news", "sub", true, "color = 'red'");

        reopenDurable();

        assertEquals(List.of(new Topics.Subscription("sub", url, true, "color = 'red'")),
                topics.listSubscriptions("news"));
    }
}
