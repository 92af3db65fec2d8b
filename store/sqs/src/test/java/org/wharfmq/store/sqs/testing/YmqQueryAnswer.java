package org.wharfmq.store.sqs.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ElasticMQ's XML answer to a Query request, rewritten as text: ElasticMQ's answers have one known
 * shape, and a message body inside them is escaped, so element patterns cannot match inside it.
 */
final class YmqQueryAnswer implements YmqAnswer {
    private static final Pattern MESSAGE_ID = Pattern.compile("<MessageId>([^<]*)</MessageId>");
    private static final Pattern QUEUE_URL = Pattern.compile("<QueueUrl>\\s*([^<]*?)\\s*</QueueUrl>");
    private static final Pattern MESSAGE = Pattern.compile("<Message>.*?</Message>", Pattern.DOTALL);
    private static final String RESULT_END = "</ReceiveMessageResult>";

    private final int status;
    private final Map<String, List<String>> headers;
    private final byte[] original;
    private String xml;

    YmqQueryAnswer(int status, Map<String, List<String>> headers, byte[] body) {
        this.status = status;
        this.headers = headers;
        this.original = body;
    }

    private String xml() {
        if (xml == null) {
            xml = new String(original, UTF_8);
        }
        return xml;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public void mapMessageIds(UnaryOperator<String> map) {
        xml = MESSAGE_ID.matcher(xml()).replaceAll(m -> Matcher.quoteReplacement(
                "<MessageId>" + map.apply(m.group(1)) + "</MessageId>"));
    }

    @Override
    public void mapQueueUrls(UnaryOperator<String> map) {
        xml = QUEUE_URL.matcher(xml()).replaceAll(m -> Matcher.quoteReplacement(
                "<QueueUrl>" + YmqQueryCall.escape(map.apply(unescape(m.group(1)))) + "</QueueUrl>"));
    }

    @Override
    public List<String> messageIds() {
        List<String> ids = new ArrayList<>();
        for (String message : messages()) {
            Matcher m = MESSAGE_ID.matcher(message);
            ids.add(m.find() ? m.group(1) : "");
        }
        return ids;
    }

    private List<String> messages() {
        List<String> out = new ArrayList<>();
        Matcher m = MESSAGE.matcher(xml());
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    @Override
    public void addMessagesOf(YmqAnswer other) {
        int end = xml().indexOf(RESULT_END);
        if (end < 0) {
            throw new IllegalStateException("not a ReceiveMessage answer: " + xml);
        }
        xml = xml.substring(0, end) + String.join("", ((YmqQueryAnswer) other).messages()) + xml.substring(end);
    }

    @Override
    public YmqReply reply() {
        return new YmqReply(status, headers, xml == null ? original : xml.getBytes(UTF_8));
    }

    private static String unescape(String text) {
        return text.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
