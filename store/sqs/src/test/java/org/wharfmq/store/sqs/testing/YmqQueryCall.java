package org.wharfmq.store.sqs.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Query-protocol request: form-encoded {@code Action=...&Version=2012-11-05&...} parameters. */
final class YmqQueryCall implements YmqCall {
    private static final Pattern QUEUE_ATTRIBUTE = Pattern.compile("Attributes?\\.(\\d+)\\.Name");
    private static final Pattern BATCH_ENTRY = Pattern.compile("(SendMessageBatchRequestEntry\\.\\d+\\.)Id");
    private static final Pattern MESSAGE_ATTRIBUTE = Pattern.compile("MessageAttribute\\.(\\d+)\\.Name");

    private final String path;
    private final LinkedHashMap<String, String> params;

    private YmqQueryCall(String path, LinkedHashMap<String, String> params) {
        this.path = path;
        this.params = params;
    }

    static YmqQueryCall parse(String path, byte[] body) {
        LinkedHashMap<String, String> params = new LinkedHashMap<>();
        for (String pair : new String(body, UTF_8).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), UTF_8);
            params.put(name, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), UTF_8));
        }
        return new YmqQueryCall(path, params);
    }

    @Override
    public String action() {
        return params.getOrDefault("Action", "");
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public String queueUrl() {
        return params.get("QueueUrl");
    }

    @Override
    public void queueUrl(String url) {
        params.put("QueueUrl", url);
    }

    @Override
    public String param(String name) {
        return params.get(name);
    }

    @Override
    public void param(String name, String value) {
        if (value == null) {
            params.remove(name);
        } else {
            params.put(name, value);
        }
    }

    @Override
    public Map<String, String> queueAttributes() {
        Map<String, String> out = new LinkedHashMap<>();
        params.forEach((key, value) -> {
            Matcher m = QUEUE_ATTRIBUTE.matcher(key);
            if (m.matches()) {
                out.put(value, params.get(key.substring(0, key.length() - "Name".length()) + "Value"));
            }
        });
        return out;
    }

    @Override
    public List<String> attributeNames() {
        return valuesStartingWith("AttributeName.");
    }

    @Override
    public boolean namesMessageSystemAttributes() {
        return !valuesStartingWith("MessageSystemAttributeName.").isEmpty();
    }

    @Override
    public List<Long> messageSizes() {
        List<Long> sizes = new ArrayList<>();
        if (params.containsKey("MessageBody")) {
            sizes.add(messageSize(""));
        }
        for (String key : params.keySet()) {
            Matcher m = BATCH_ENTRY.matcher(key);
            if (m.matches()) {
                sizes.add(messageSize(m.group(1)));
            }
        }
        return sizes;
    }

    /** Body plus, per message attribute, name, data type and value, as SQS counts a message's size. */
    private long messageSize(String prefix) {
        long size = utf8(params.get(prefix + "MessageBody"));
        for (String key : params.keySet()) {
            if (!key.startsWith(prefix) || !MESSAGE_ATTRIBUTE.matcher(key.substring(prefix.length())).matches()) {
                continue;
            }
            String attribute = key.substring(0, key.length() - "Name".length());
            size += utf8(params.get(key)) + utf8(params.get(attribute + "Value.DataType"))
                    + utf8(params.get(attribute + "Value.StringValue"));
            String binary = params.get(attribute + "Value.BinaryValue");
            if (binary != null) {
                size += Base64.getMimeDecoder().decode(binary).length;
            }
        }
        return size;
    }

    private static long utf8(String s) {
        return s == null ? 0 : s.getBytes(UTF_8).length;
    }

    private List<String> valuesStartingWith(String prefix) {
        List<String> out = new ArrayList<>();
        params.forEach((key, value) -> {
            if (key.startsWith(prefix)) {
                out.add(value);
            }
        });
        return out;
    }

    @Override
    public YmqCall copy() {
        return new YmqQueryCall(path, new LinkedHashMap<>(params));
    }

    @Override
    public byte[] encode() {
        StringBuilder out = new StringBuilder();
        params.forEach((key, value) -> {
            if (out.length() > 0) {
                out.append('&');
            }
            out.append(URLEncoder.encode(key, UTF_8)).append('=').append(URLEncoder.encode(value, UTF_8));
        });
        return out.toString().getBytes(UTF_8);
    }

    @Override
    public String contentType() {
        return "application/x-www-form-urlencoded; charset=utf-8";
    }

    @Override
    public YmqAnswer answer(int status, Map<String, List<String>> headers, byte[] body) {
        return new YmqQueryAnswer(status, headers, body);
    }

    /** YMQ's {@code ErrorResponse}, as the API reference's "Error response" shows it. */
    @Override
    public YmqReply error(int status, String code, String message) {
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ErrorResponse><Error><Type>Sender</Type><Code>"
                + code + "</Code><Message>" + escape(message) + "</Message></Error><RequestId>"
                + UUID.randomUUID() + "</RequestId></ErrorResponse>";
        return YmqReply.of(status, "text/xml; charset=UTF-8", xml.getBytes(UTF_8));
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
