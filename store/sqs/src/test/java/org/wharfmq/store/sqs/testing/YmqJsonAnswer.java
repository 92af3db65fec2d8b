package org.wharfmq.store.sqs.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** ElasticMQ's JSON answer to a JSON request, parsed only when a rule changes it. */
final class YmqJsonAnswer implements YmqAnswer {
    private final int status;
    private final Map<String, List<String>> headers;
    private final byte[] original;
    private ObjectNode tree;

    YmqJsonAnswer(int status, Map<String, List<String>> headers, byte[] body) {
        this.status = status;
        this.headers = headers;
        this.original = body;
    }

    private ObjectNode tree() {
        if (tree == null) {
            try {
                JsonNode parsed = original.length == 0 ? null : YmqJsonCall.JSON.readTree(original);
                tree = parsed instanceof ObjectNode o ? o : YmqJsonCall.JSON.createObjectNode();
            } catch (IOException e) {
                throw new UncheckedIOException("ElasticMQ answered with no JSON object", e);
            }
        }
        return tree;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public void mapMessageIds(UnaryOperator<String> map) {
        mapText(tree(), "MessageId", map);
        tree().path("Messages").forEach(m -> mapText(m, "MessageId", map));
        tree().path("Successful").forEach(m -> mapText(m, "MessageId", map));
    }

    @Override
    public void mapQueueUrls(UnaryOperator<String> map) {
        mapText(tree(), "QueueUrl", map);
        if (tree().get("QueueUrls") instanceof ArrayNode urls) {
            for (int i = 0; i < urls.size(); i++) {
                urls.set(i, TextNode.valueOf(map.apply(urls.get(i).asText())));
            }
        }
    }

    private static void mapText(JsonNode node, String field, UnaryOperator<String> map) {
        if (node instanceof ObjectNode o && o.get(field) instanceof TextNode text) {
            o.put(field, map.apply(text.asText()));
        }
    }

    @Override
    public List<String> messageIds() {
        List<String> ids = new ArrayList<>();
        tree().path("Messages").forEach(m -> ids.add(m.path("MessageId").asText()));
        return ids;
    }

    @Override
    public void addMessagesOf(YmqAnswer other) {
        if (!(((YmqJsonAnswer) other).tree().get("Messages") instanceof ArrayNode more)) {
            return;
        }
        if (!(tree().get("Messages") instanceof ArrayNode)) {
            tree().putArray("Messages");
        }
        ((ArrayNode) tree().get("Messages")).addAll(more);
    }

    @Override
    public YmqReply reply() {
        try {
            return new YmqReply(status, headers, tree == null ? original : YmqJsonCall.JSON.writeValueAsBytes(tree));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
