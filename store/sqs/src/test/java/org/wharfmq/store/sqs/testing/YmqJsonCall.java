package org.wharfmq.store.sqs.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An AWS JSON 1.0 request: {@code X-Amz-Target: AmazonSQS.<Action>} and a JSON object. */
final class YmqJsonCall implements YmqCall {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String CONTENT_TYPE = "application/x-amz-json-1.0";
    private static final String TARGET_PREFIX = "AmazonSQS.";

    private final String action;
    private final String path;
    private final ObjectNode body;

    private YmqJsonCall(String action, String path, ObjectNode body) {
        this.action = action;
        this.path = path;
        this.body = body;
    }

    static YmqJsonCall parse(String target, String path, byte[] body) {
        String action = target != null && target.startsWith(TARGET_PREFIX) ? target.substring(TARGET_PREFIX.length()) : "";
        try {
            JsonNode tree = body.length == 0 ? JSON.createObjectNode() : JSON.readTree(body);
            return new YmqJsonCall(action, path, tree instanceof ObjectNode o ? o : JSON.createObjectNode());
        } catch (IOException e) {
            throw new UncheckedIOException("not a JSON request body", e);
        }
    }

    @Override
    public String action() {
        return action;
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public String queueUrl() {
        return param("QueueUrl");
    }

    @Override
    public void queueUrl(String url) {
        body.put("QueueUrl", url);
    }

    @Override
    public String param(String name) {
        JsonNode value = body.get(name);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** Numbers stay numbers, as the JSON protocol sends MaxNumberOfMessages and WaitTimeSeconds. */
    @Override
    public void param(String name, String value) {
        if (value == null) {
            body.remove(name);
        } else if (value.matches("-?\\d+")) {
            body.put(name, Integer.parseInt(value));
        } else {
            body.put(name, value);
        }
    }

    @Override
    public Map<String, String> queueAttributes() {
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode attributes = body.path("Attributes");
        attributes.fieldNames().forEachRemaining(name -> out.put(name, attributes.get(name).asText()));
        return out;
    }

    @Override
    public List<String> attributeNames() {
        List<String> out = new ArrayList<>();
        body.path("AttributeNames").forEach(name -> out.add(name.asText()));
        return out;
    }

    @Override
    public boolean namesMessageSystemAttributes() {
        return body.has("MessageSystemAttributeNames");
    }

    @Override
    public List<Long> messageSizes() {
        List<Long> sizes = new ArrayList<>();
        if (body.has("MessageBody")) {
            sizes.add(messageSize(body));
        }
        body.path("Entries").forEach(entry -> sizes.add(messageSize(entry)));
        return sizes;
    }

    /** Body plus, per message attribute, name, data type and value, as SQS counts a message's size. */
    private static long messageSize(JsonNode message) {
        long size = utf8(message.path("MessageBody").asText());
        JsonNode attributes = message.path("MessageAttributes");
        for (var names = attributes.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            JsonNode value = attributes.get(name);
            size += utf8(name) + utf8(value.path("DataType").asText()) + utf8(value.path("StringValue").asText());
            if (value.hasNonNull("BinaryValue")) {
                size += Base64.getMimeDecoder().decode(value.get("BinaryValue").asText()).length;
            }
        }
        return size;
    }

    private static long utf8(String s) {
        return s.getBytes(UTF_8).length;
    }

    @Override
    public YmqCall copy() {
        return new YmqJsonCall(action, path, body.deepCopy());
    }

    @Override
    public byte[] encode() {
        try {
            return JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String contentType() {
        return CONTENT_TYPE;
    }

    @Override
    public YmqAnswer answer(int status, Map<String, List<String>> headers, byte[] answer) {
        return new YmqJsonAnswer(status, headers, answer);
    }

    /**
     * The JSON form of the error: the code in {@code __type} and, for SDKs that read SQS errors as
     * Query codes, in {@code x-amzn-query-error} too.
     */
    @Override
    public YmqReply error(int status, String code, String message) {
        ObjectNode error = JSON.createObjectNode().put("__type", "com.amazonaws.sqs#" + code).put("message", message);
        try {
            return new YmqReply(status, Map.of("Content-Type", List.of(CONTENT_TYPE),
                    "x-amzn-query-error", List.of(code + ";Sender")), JSON.writeValueAsBytes(error));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
