package org.wharfmq.store.sqs.testing;

import java.util.List;
import java.util.Map;

/**
 * One SQS request as {@link YmqRelay} reads it, in either wire protocol: the fields its rules look
 * at, changed in place before the request goes on to ElasticMQ.
 */
interface YmqCall {

    /** The action, as {@code Action=} (Query) or after {@code AmazonSQS.} in {@code X-Amz-Target} (JSON). */
    String action();

    /** The request path, forwarded as it came. */
    String path();

    /** The queue URL of the request, or null when it has none. */
    String queueUrl();

    void queueUrl(String url);

    /** A scalar parameter that has the same name in both protocols, or null. */
    String param(String name);

    /** Sets (value not null) or removes (null) a scalar parameter. */
    void param(String name, String value);

    /** The queue attributes given to CreateQueue or SetQueueAttributes, name to value. */
    Map<String, String> queueAttributes();

    /** The attribute names GetQueueAttributes asks for. */
    List<String> attributeNames();

    /** Whether ReceiveMessage names attributes as {@code MessageSystemAttributeName.N} / {@code MessageSystemAttributeNames}. */
    boolean namesMessageSystemAttributes();

    /** The size of each message SendMessage or SendMessageBatch sends, body plus message attributes. */
    List<Long> messageSizes();

    YmqCall copy();

    /** The request body to forward. */
    byte[] encode();

    /** The content type to forward the body with. */
    String contentType();

    /** An answer to this request, in its protocol. */
    YmqAnswer answer(int status, Map<String, List<String>> headers, byte[] body);

    /** An error answer in this request's protocol, as YMQ's {@code ErrorResponse}. */
    YmqReply error(int status, String code, String message);
}
