package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
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
import org.wharfmq.store.sqs.testing.ElasticMq;

/** How SqsTopics lays topics out on plain SQS queues: names, tags, and what a close removes. */
class SqsTopicsOnQueuesTest {
    private static String serverName(String url) {
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private static String prefixOf(String storeUrl) {
        return storeUrl.substring(storeUrl.indexOf("prefix=") + "prefix=".length());
    }

    @Test
    void subscriptionWithAQueueNameIsTheQueueTopicDashDashName() {
        String store = ElasticMq.shared().storeUrl("tn");
        try (QueueService s = QueueServices.open(store)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            topics.createTopic("news");

            String url = topics.subscribe("news", "sports_1", true, null);

            assertEquals(prefixOf(store) + "wt-news--sports_1", serverName(url));
        }
    }

    @Test
    void subscriptionWithAnyOtherNameIsTheQueueOfItsHashAndKeepsItsNameAndTag() {
        String store = ElasticMq.shared().storeUrl("th");
        try (QueueService s = QueueServices.open(store)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            topics.createTopic("news");
            String name = "D:client-7:daily digest";
            String tag = "color = 'red'\u0001client-7";

            String url = topics.subscribe("news", name, true, tag);

            assertTrue(serverName(url).matches(prefixOf(store) + "wt-news---[a-z2-7]{26}"), url);
            assertEquals(List.of(new Topics.Subscription(name, url, true, tag)), topics.listSubscriptions("news"));
        }
    }

    @Test
    void aLongTagIsKeptWhole() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("tl"))) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            topics.createTopic("news");
            String tag = "x IN (" + "'abcdefghij', ".repeat(200) + "'z')";

            topics.subscribe("news", "long", true, tag);

            assertEquals(tag, topics.subscription("news", "long").orElseThrow().tag());
        }
    }

    @Test
    void topicNameLeavingNoRoomForSubscriptionsWithin80CharactersIsInvalidParameterValue() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("tlong"))) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            String name = "t".repeat(40);

            QueueServiceException e = assertThrows(QueueServiceException.class, () -> topics.createTopic(name));

            assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
            assertTrue(e.getMessage().contains("'" + name + "'"), e.getMessage());
        }
    }

    @Test
    void topicNameWithDoubleDashIsInvalidParameterValue() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("tdash"))) {
            Topics topics = s.extension(Topics.class).orElseThrow();

            QueueServiceException e = assertThrows(QueueServiceException.class, () -> topics.createTopic("a--b"));

            assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        }
    }

    @Test
    void queueNamesOfTopicsAreReserved() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("tres"))) {
            QueueServiceException e = assertThrows(QueueServiceException.class,
                    () -> s.createQueue("wt-mine", Map.of()));

            assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        }
    }

    @Test
    void closeDeletesTheNonDurableSubscriptionsThisStoreMade() {
        String store = ElasticMq.shared().storeUrl("tclose");
        String temporary;
        String kept;
        try (QueueService s = QueueServices.open(store)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            topics.createTopic("news");
            kept = topics.subscribe("news", "kept", true, null);
            temporary = topics.subscribe("news", "temporary", false, null);
        }

        try (QueueService s = QueueServices.open(store)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            assertEquals(List.of(new Topics.Subscription("kept", kept, true, null)), topics.listSubscriptions("news"));
            QueueServiceException e = assertThrows(QueueServiceException.class,
                    () -> s.receiveMessage(ReceiveMessageRequest.of(temporary, 1)));
            assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code());
        }
    }

    @Test
    void closeLeavesTheNonDurableSubscriptionsOfOtherStores() {
        String store = ElasticMq.shared().storeUrl("tother");
        try (QueueService maker = QueueServices.open(store)) {
            Topics topics = maker.extension(Topics.class).orElseThrow();
            topics.createTopic("news");
            String url = topics.subscribe("news", "theirs", false, null);

            QueueServices.open(store).close();

            assertEquals(List.of(new Topics.Subscription("theirs", url, false, null)),
                    topics.listSubscriptions("news"));
        }
    }

    @Test
    void copiesShareTheWharfIdAndDoNotShowItsAttribute() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("tid"))) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            topics.createTopic("news");
            String a = topics.subscribe("news", "a", true, null);
            String b = topics.subscribe("news", "b", true, null);
            Map<String, MessageAttributeValue> nine = new java.util.HashMap<>();
            for (int i = 0; i < s.limits().maxMessageAttributes(); i++) {
                nine.put("p" + i, MessageAttributeValue.string("v" + i));
            }

            String id = topics.publish("news", SendMessageRequest.of(null, "hi").withAttributes(nine),
                    MessageOptions.Options.DEFAULT, null).messageId();

            for (String url : List.of(a, b)) {
                ReceivedMessage got = s.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0);
                assertEquals(id, got.messageId());
                assertEquals(nine, got.messageAttributes());
            }
        }
    }
}
