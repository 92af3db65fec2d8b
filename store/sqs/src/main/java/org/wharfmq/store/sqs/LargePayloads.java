package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_MESSAGE_CONTENTS;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceivedMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Bodies too large for their queue, kept in an S3 bucket as AWS's Extended Client libraries keep
 * them (Java's {@code amazon-sqs-java-extended-client-lib}, Python's {@code sqs-extended-client}),
 * so that each side reads what the other wrote. The queue carries the pointer
 * {@code ["software.amazon.payloadoffloading.PayloadS3Pointer",{"s3BucketName":..,"s3Key":..}]} and
 * the attribute {@value #SIZE_ATTRIBUTE}, the body's size in bytes. A received pointer is replaced
 * by the object, the attribute dropped, and the receipt handle carries bucket and key between the
 * Extended Client's markers, so that the delete of the message deletes the object too (unless the
 * bucket says not to). Without a bucket nothing is offloaded and a pointer is delivered as it is.
 */
final class LargePayloads {
    private static final Logger LOG = LoggerFactory.getLogger(LargePayloads.class);
    /** The bucket and its server; {@code endpoint} null for Amazon S3 of the store's region. */
    record Bucket(String name, URI endpoint, boolean deleteWithMessage) {
    }

    static final String SIZE_ATTRIBUTE = "ExtendedPayloadSize";
    private static final String LEGACY_SIZE_ATTRIBUTE = "SQSLargePayloadSize";
    private static final String POINTER_CLASS = "software.amazon.payloadoffloading.PayloadS3Pointer";
    private static final String LEGACY_POINTER_CLASS = "com.amazon.sqs.javamessaging.MessageS3Pointer";
    private static final String BUCKET_MARKER = "-..s3BucketName..-";
    private static final String KEY_MARKER = "-..s3Key..-";
    private static final Pattern POINTER = Pattern.compile("\\s*\\[\\s*\"(" + Pattern.quote(POINTER_CLASS) + "|"
            + Pattern.quote(LEGACY_POINTER_CLASS) + ")\"\\s*,\\s*\\{(.*)}\\s*]\\s*", Pattern.DOTALL);
    private static final Pattern FIELD = Pattern.compile("\"(s3BucketName|s3Key)\"\\s*:\\s*\"([^\"]*)\"");

    static final LargePayloads NONE = new LargePayloads(null, null);

    private final Bucket bucket;
    private final S3Client s3;

    LargePayloads(Bucket bucket, S3Client s3) {
        this.bucket = bucket;
        this.s3 = s3;
    }

    boolean enabled() {
        return bucket != null;
    }

    /** A body and its attributes as they go to the queue. */
    record Outgoing(String body, Map<String, MessageAttributeValue> attributes) {
    }

    /** {@code body} put in the bucket, and the pointer and attributes that stand for it in the queue. */
    Outgoing offload(String queueUrl, String body, Map<String, MessageAttributeValue> attributes) {
        String key = UUID.randomUUID().toString();
        SqsErrors.call("PutObject of a large body for " + queueUrl + " to bucket " + bucket.name(),
                () -> s3.putObject(r -> r.bucket(bucket.name()).key(key), RequestBody.fromString(body)));
        Map<String, MessageAttributeValue> a = new LinkedHashMap<>(attributes);
        a.put(SIZE_ATTRIBUTE, MessageAttributeValue.number(
                Integer.toString(body.getBytes(StandardCharsets.UTF_8).length)));
        return new Outgoing(pointer(bucket.name(), key), a);
    }

    private static String pointer(String bucketName, String key) {
        return "[\"" + POINTER_CLASS + "\",{\"s3BucketName\":\"" + bucketName + "\",\"s3Key\":\"" + key + "\"}]";
    }

    /**
     * {@code m} with the body its pointer names, if it has one and a bucket is configured.
     *
     * @throws QueueServiceException {@code InvalidMessageContents} naming the message if the
     *         attribute is there and the body is not a pointer
     */
    ReceivedMessage restore(ReceivedMessage m) {
        Map<String, MessageAttributeValue> attributes = m.messageAttributes();
        if (bucket == null || !attributes.containsKey(SIZE_ATTRIBUTE) && !attributes.containsKey(LEGACY_SIZE_ATTRIBUTE)) {
            return m;
        }
        Matcher p = POINTER.matcher(m.body());
        Map<String, String> fields = new LinkedHashMap<>();
        if (p.matches()) {
            Matcher f = FIELD.matcher(p.group(2));
            while (f.find()) {
                fields.put(f.group(1), f.group(2));
            }
        }
        String bucketName = fields.get("s3BucketName");
        String key = fields.get("s3Key");
        if (bucketName == null || key == null) {
            throw new QueueServiceException(INVALID_MESSAGE_CONTENTS, "message " + m.messageId() + " has the attribute "
                    + SIZE_ATTRIBUTE + " but its body is not an Extended Client's S3 pointer");
        }
        String body = SqsErrors.call("GetObject " + key + " from bucket " + bucketName,
                () -> s3.getObjectAsBytes(r -> r.bucket(bucketName).key(key))).asUtf8String();
        Map<String, MessageAttributeValue> a = new LinkedHashMap<>(attributes);
        a.remove(SIZE_ATTRIBUTE);
        a.remove(LEGACY_SIZE_ATTRIBUTE);
        String handle = m.receiptHandle() == null ? null
                : BUCKET_MARKER + bucketName + BUCKET_MARKER + KEY_MARKER + key + KEY_MARKER + m.receiptHandle();
        return new ReceivedMessage(m.messageId(), handle, body, m.md5OfBody(), m.sentTimestamp(), m.receiveCount(),
                m.firstReceiveTimestamp(), m.messageGroupId(), m.messageDeduplicationId(), m.sequenceNumber(),
                m.priority(), m.expirationTime(), a, m.senderId());
    }

    /** The server's receipt handle of one this class may have wrapped. */
    static String serverHandle(String handle) {
        int end = handle == null ? -1 : handle.lastIndexOf(KEY_MARKER);
        return handle != null && handle.startsWith(BUCKET_MARKER) && end > 0
                ? handle.substring(end + KEY_MARKER.length()) : handle;
    }

    /** After the delete of the message {@code handle} names: its object, if it has one and the bucket says so. */
    void deleted(String handle) {
        if (bucket == null || !bucket.deleteWithMessage() || handle == null || !handle.startsWith(BUCKET_MARKER)) {
            return;
        }
        int bucketEnd = handle.indexOf(BUCKET_MARKER, BUCKET_MARKER.length());
        int keyStart = bucketEnd + BUCKET_MARKER.length() + KEY_MARKER.length();
        int keyEnd = handle.indexOf(KEY_MARKER, keyStart);
        if (bucketEnd < 0 || keyEnd < 0) {
            return;
        }
        String bucketName = handle.substring(BUCKET_MARKER.length(), bucketEnd);
        String key = handle.substring(keyStart, keyEnd);
        try {
            SqsErrors.call("DeleteObject " + key + " from bucket " + bucketName,
                    () -> s3.deleteObject(r -> r.bucket(bucketName).key(key)));
        } catch (QueueServiceException e) {
            // The message is deleted: its acknowledgement stands, and the object stays behind.
            LOG.warn("the object of a deleted message stays in its bucket: {}", e.getMessage());
        }
    }
}
