package org.wharfmq.store.sqs.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.URLEncoder;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ReceiveMessage as YMQ answers it. Rule 3: on a FIFO queue "only one message will be accepted from
 * a single message group per one ReceiveMessage call"
 * (<a href="https://github.com/yandex-cloud/docs/blob/master/en/message-queue/api-ref/message/ReceiveMessage.md">ReceiveMessage</a>):
 * the call becomes up to MaxNumberOfMessages receives of one message from ElasticMQ, the first with
 * the caller's WaitTimeSeconds, the rest without waiting, until one comes back empty; ElasticMQ
 * gives no second message of a group while one is in flight, so each group gives at most one.
 * Rule 6, in flight: 120,000 messages per standard queue, 20,000 per FIFO queue (ymq-limits.md);
 * at the limit, 403 {@code OverLimit}, "the operation has exceeded one of the limits" (ReceiveMessage.md).
 */
final class YmqReceive {
    private static final Pattern NOT_VISIBLE = Pattern.compile(
            "<Name>ApproximateNumberOfMessagesNotVisible</Name>\\s*<Value>(\\d+)</Value>");
    private static final int ATTEMPT_ID_MAX = 128;

    private final YmqForwarder forwarder;
    private final YmqRelay.Options options;

    YmqReceive(YmqForwarder forwarder, YmqRelay.Options options) {
        this.forwarder = forwarder;
        this.options = options;
    }

    /** Receives for a call whose queue URL is ElasticMQ's. */
    YmqAnswer receive(YmqCall call, Map<String, List<String>> headers, String queueUrl) {
        boolean fifo = queueUrl.endsWith(".fifo");
        int max = intParam(call, "MaxNumberOfMessages", 1);
        if (options.inFlightLimits()) {
            int limit = fifo ? options.fifoInFlight() : options.standardInFlight();
            long inFlight = inFlight(queueUrl);
            if (inFlight >= limit) {
                return answerOf(call.error(403, "OverLimit", "Queue " + queueUrl.substring(queueUrl.lastIndexOf('/') + 1)
                        + " has " + inFlight + " messages in flight, its limit is " + limit + "."), call);
            }
            max = (int) Math.min(max, limit - inFlight);
        }
        if (!fifo) {
            setMax(call, max);
            return forwarder.forward(call, headers);
        }
        YmqAnswer answer = forwarder.forward(one(call, 0), headers);
        for (int k = 1; k < max && answer.ok() && answer.messageCount() == k; k++) {
            YmqAnswer next = forwarder.forward(one(call, k), headers);
            if (!next.ok() || next.messageCount() == 0) {
                break; // the messages already received are in flight: answer them, not this
            }
            if (answer.messageIds().containsAll(next.messageIds())) {
                break; // VisibilityTimeout 0 frees the group at once: no message twice (its receive count has gone up once more)
            }
            answer.addMessagesOf(next);
        }
        return answer;
    }

    /** The k-th receive of one message; after the first, no waiting and an attempt id of its own. */
    private static YmqCall one(YmqCall call, int k) {
        YmqCall one = call.copy();
        setMax(one, 1);
        if (k > 0) {
            one.param("WaitTimeSeconds", "0");
            String attempt = call.param("ReceiveRequestAttemptId");
            if (attempt != null) {
                String own = attempt + "-" + k;
                one.param("ReceiveRequestAttemptId", own.length() <= ATTEMPT_ID_MAX ? own : null);
            }
        }
        return one;
    }

    private static void setMax(YmqCall call, int max) {
        if (call.param("MaxNumberOfMessages") != null || max != 1) {
            call.param("MaxNumberOfMessages", Integer.toString(max));
        }
    }

    private static int intParam(YmqCall call, String name, int otherwise) {
        try {
            String value = call.param(name);
            return value == null ? otherwise : Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private long inFlight(String queueUrl) {
        String form = "Action=GetQueueAttributes&Version=2012-11-05&AttributeName.1=ApproximateNumberOfMessagesNotVisible"
                + "&QueueUrl=" + URLEncoder.encode(queueUrl, UTF_8);
        YmqAnswer answer = forwarder.forward(YmqQueryCall.parse("/", form.getBytes(UTF_8)), Map.of());
        Matcher m = NOT_VISIBLE.matcher(new String(answer.reply().body(), UTF_8));
        return m.find() ? Long.parseLong(m.group(1)) : 0; // no such queue: ElasticMQ's receive says so
    }

    private static YmqAnswer answerOf(YmqReply reply, YmqCall call) {
        return call.answer(reply.status(), reply.headers(), reply.body());
    }
}
