package org.wharfmq.store.sqs.ymq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.YmqRelay;

/** Rules 1 to 5 of {@link YmqRelay}, over raw Query (and JSON) requests. */
class YmqRelayRulesTest {
    private static final String YMQ_ID = "[0-9a-f]{1,8}-[0-9a-f]{1,8}-[0-9a-f]{1,8}-[0-9a-f]{1,8}";
    private static final int MAX = 262_144;
    private static YmqRelay relay;
    private static YmqRelay jsonRelay;
    private static RawSqs sqs;

    @BeforeAll
    static void start() {
        relay = YmqRelay.start(ElasticMq.shared());
        jsonRelay = YmqRelay.start(ElasticMq.shared(), YmqRelay.Options.defaults().acceptJson(true));
        sqs = new RawSqs(relay.endpoint());
    }

    @AfterAll
    static void stop() {
        relay.close();
        jsonRelay.close();
    }

    private static String queue(String suffix, String... attributes) {
        List<String> params = new ArrayList<>(List.of("QueueName", "rule" + UUID.randomUUID().toString().substring(0, 8) + suffix));
        for (int i = 0; i < attributes.length; i += 2) {
            int n = i / 2 + 1;
            params.addAll(List.of("Attribute." + n + ".Name", attributes[i], "Attribute." + n + ".Value", attributes[i + 1]));
        }
        return sqs.query("CreateQueue", params.toArray(String[]::new)).first("QueueUrl");
    }

    private static String fifoQueue() {
        return queue(".fifo", "FifoQueue", "true");
    }

    private static void sendToGroup(String url, String body, String group) {
        assertEquals(200, sqs.query("SendMessage", "QueueUrl", url, "MessageBody", body, "MessageGroupId", group,
                "MessageDeduplicationId", body).status());
    }

    @Test
    void jsonRequestGetsBadGateway() {
        RawSqs.Answer answer = sqs.json("ListQueues", "{}");

        assertEquals(502, answer.status());
        assertEquals("Bad Gateway", answer.body());
    }

    @Test
    void acceptedJsonRequestGetsTheSameRules() {
        RawSqs json = new RawSqs(jsonRelay.endpoint());
        String name = "json" + UUID.randomUUID().toString().substring(0, 8) + ".fifo";
        String url = json.json("CreateQueue", "{\"QueueName\":\"" + name + "\",\"Attributes\":{\"FifoQueue\":\"true\"}}")
                .first("QueueUrl");
        assertEquals(jsonRelay.endpoint() + "/000000000000/" + name, url);
        for (String m : List.of("a1", "a2", "b1")) {
            RawSqs.Answer sent = json.json("SendMessage", "{\"QueueUrl\":\"" + url + "\",\"MessageBody\":\"" + m
                    + "\",\"MessageGroupId\":\"" + m.charAt(0) + "\",\"MessageDeduplicationId\":\"" + m + "\"}");
            assertTrue(sent.first("MessageId").matches(YMQ_ID), sent.body());
        }

        RawSqs.Answer received = json.json("ReceiveMessage", "{\"QueueUrl\":\"" + url + "\",\"MaxNumberOfMessages\":10}");
        assertEquals(List.of("a1", "b1"), received.all("Body"));
        assertEquals("com.amazonaws.sqs#InvalidAction",
                json.json("ListDeadLetterSourceQueues", "{\"QueueUrl\":\"" + url + "\"}").first("__type"));
        assertEquals("com.amazonaws.sqs#InvalidQueryParameter", json.json("ReceiveMessage", "{\"QueueUrl\":\"" + url
                + "\",\"MessageSystemAttributeNames\":[\"All\"]}").first("__type"));
        RawSqs.Answer tooLarge = json.json("SendMessage", "{\"QueueUrl\":\"" + url + "\",\"MessageBody\":\""
                + "x".repeat(MAX + 1) + "\",\"MessageGroupId\":\"a\"}");
        assertEquals(400, tooLarge.status());
        assertEquals("com.amazonaws.sqs#InvalidParameterValue", tooLarge.first("__type"));
    }

    @Test
    void messageIdsHaveYmqsShapeAndStayTheSame() {
        String url = queue("-ids");
        String sent = sqs.query("SendMessage", "QueueUrl", url, "MessageBody", "one").first("MessageId");
        List<String> batch = sqs.query("SendMessageBatch", "QueueUrl", url,
                "SendMessageBatchRequestEntry.1.Id", "a", "SendMessageBatchRequestEntry.1.MessageBody", "two",
                "SendMessageBatchRequestEntry.2.Id", "b", "SendMessageBatchRequestEntry.2.MessageBody", "three")
                .all("MessageId");

        assertTrue(sent.matches(YMQ_ID), sent);
        assertEquals(2, batch.size());
        batch.forEach(id -> assertTrue(id.matches(YMQ_ID), id));
        Set<String> all = new HashSet<>(batch);
        all.add(sent);
        assertEquals(all, new HashSet<>(sqs.query("ReceiveMessage", "QueueUrl", url, "MaxNumberOfMessages", "10")
                .all("MessageId")));
    }

    @Test
    void fifoReceiveGivesAtMostOneMessagePerGroup() {
        String url = fifoQueue();
        for (String group : List.of("a", "b", "c")) {
            for (int i = 1; i <= 3; i++) {
                sendToGroup(url, group + i, group);
            }
        }

        assertEquals(List.of("a1", "b1", "c1"),
                sqs.query("ReceiveMessage", "QueueUrl", url, "MaxNumberOfMessages", "10").all("Body"));
        assertEquals(List.of(), sqs.query("ReceiveMessage", "QueueUrl", url, "MaxNumberOfMessages", "10").all("Body"));
    }

    @Test
    void fifoReceiveWithoutVisibilityTimeoutGivesNoMessageTwice() {
        String url = fifoQueue();
        sendToGroup(url, "a1", "a");
        sendToGroup(url, "a2", "a");

        assertEquals(List.of("a1"), sqs.query("ReceiveMessage", "QueueUrl", url, "MaxNumberOfMessages", "10",
                "VisibilityTimeout", "0").all("Body"));
    }

    /** What rule 3 rests on: ElasticMQ itself gives no second message of a group while one is in flight. */
    @Test
    void elasticMqHoldsBackAGroupWhileOneOfItsMessagesIsInFlight() {
        String url = fifoQueue();
        sendToGroup(url, "a1", "a");
        sendToGroup(url, "a2", "a");
        sendToGroup(url, "b1", "b");
        RawSqs direct = new RawSqs(ElasticMq.shared().endpoint());
        String directUrl = url.replace(relay.endpoint(), ElasticMq.shared().endpoint());

        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            bodies.addAll(direct.query("ReceiveMessage", "QueueUrl", directUrl).all("Body"));
        }
        assertEquals(List.of("a1", "b1"), bodies);
    }

    @Test
    void moveTasksAndDeadLetterSourcesAreUnknownActions() {
        String url = queue("-actions");
        for (String action : List.of("StartMessageMoveTask", "ListMessageMoveTasks", "CancelMessageMoveTask",
                "ListDeadLetterSourceQueues")) {
            RawSqs.Answer answer = sqs.query(action, "QueueUrl", url, "SourceArn", "arn:aws:sqs:elasticmq:000000000000:x",
                    "TaskHandle", "h");
            assertEquals(400, answer.status(), action);
            assertEquals("InvalidAction", answer.first("Code"), action);
            assertEquals("Sender", answer.first("Type"), action);
        }
    }

    @Test
    void queueAttributesYmqLacksAreInvalidAttributeNames() {
        String url = fifoQueue();
        RawSqs.Answer create = sqs.query("CreateQueue", "QueueName", "rule" + UUID.randomUUID().toString().substring(0, 8)
                + ".fifo", "Attribute.1.Name", "FifoQueue", "Attribute.1.Value", "true",
                "Attribute.2.Name", "FifoThroughputLimit", "Attribute.2.Value", "perMessageGroupId");
        RawSqs.Answer set = sqs.query("SetQueueAttributes", "QueueUrl", url,
                "Attribute.1.Name", "RedriveAllowPolicy", "Attribute.1.Value", "{\"redrivePermission\":\"allowAll\"}");
        RawSqs.Answer get = sqs.query("GetQueueAttributes", "QueueUrl", url, "AttributeName.1", "DeduplicationScope");

        for (RawSqs.Answer refused : List.of(create, set, get)) {
            assertEquals(400, refused.status(), refused.body());
            assertEquals("InvalidAttributeName", refused.first("Code"));
        }
    }

    /** Why the relay leaves GetQueueAttributes' All alone: ElasticMQ lists none of the attributes YMQ lacks. */
    @Test
    void elasticMqListsNoneOfTheAttributesYmqLacks() {
        String url = fifoQueue();
        List<String> names = sqs.query("GetQueueAttributes", "QueueUrl", url, "AttributeName.1", "All").all("Name");

        assertTrue(names.containsAll(List.of("FifoQueue", "ContentBasedDeduplication", "QueueArn")), names.toString());
        assertTrue(names.stream().noneMatch(List.of("DeduplicationScope", "FifoThroughputLimit", "RedriveAllowPolicy")::contains),
                names.toString());
    }

    @Test
    void receiveTakesAttributeNameNotMessageSystemAttributeName() {
        String url = queue("-attrs");
        sqs.query("SendMessage", "QueueUrl", url, "MessageBody", "m");

        RawSqs.Answer refused = sqs.query("ReceiveMessage", "QueueUrl", url, "MessageSystemAttributeName.1", "All");
        assertEquals(400, refused.status());
        assertEquals("InvalidQueryParameter", refused.first("Code"));
        RawSqs.Answer received = sqs.query("ReceiveMessage", "QueueUrl", url, "AttributeName.1", "All");
        assertTrue(received.body().contains("<Name>ApproximateReceiveCount</Name>"), received.body());
    }

    @Test
    void aMessageOverTheMaximumSizeIsRefused() {
        String url = queue("-size");
        String full = "x".repeat(MAX);

        assertEquals(200, sqs.query("SendMessage", "QueueUrl", url, "MessageBody", full).status());
        RawSqs.Answer withAttribute = sqs.query("SendMessage", "QueueUrl", url, "MessageBody", full,
                "MessageAttribute.1.Name", "a", "MessageAttribute.1.Value.DataType", "String",
                "MessageAttribute.1.Value.StringValue", "v");
        assertEquals(400, withAttribute.status());
        assertEquals("InvalidParameterValue", withAttribute.first("Code"));
        RawSqs.Answer batch = sqs.query("SendMessageBatch", "QueueUrl", url,
                "SendMessageBatchRequestEntry.1.Id", "a", "SendMessageBatchRequestEntry.1.MessageBody", "x".repeat(MAX / 2),
                "SendMessageBatchRequestEntry.2.Id", "b", "SendMessageBatchRequestEntry.2.MessageBody", "x".repeat(MAX / 2 + 1));
        assertEquals(400, batch.status());
        assertEquals("BatchRequestTooLong", batch.first("Code"));
    }

    @Test
    void maximumMessageSizeOverTheLimitIsRefused() {
        String url = queue("-maxsize");
        RawSqs.Answer set = sqs.query("SetQueueAttributes", "QueueUrl", url,
                "Attribute.1.Name", "MaximumMessageSize", "Attribute.1.Value", "262145");
        RawSqs.Answer create = sqs.query("CreateQueue", "QueueName", "rule" + UUID.randomUUID().toString().substring(0, 8),
                "Attribute.1.Name", "MaximumMessageSize", "Attribute.1.Value", "1048576");

        for (RawSqs.Answer refused : List.of(set, create)) {
            assertEquals(400, refused.status());
            assertEquals("InvalidParameterValue", refused.first("Code"));
        }
        assertEquals(200, sqs.query("SetQueueAttributes", "QueueUrl", url,
                "Attribute.1.Name", "MaximumMessageSize", "Attribute.1.Value", "262144").status());
    }
}
