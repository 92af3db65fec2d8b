package org.wharfmq.store.sqs.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.UUID;

/**
 * Rule 2: YMQ's message ids are four dash-separated lower-case hex numbers without leading zeros,
 * e.g. {@code cddcbbe4-b0571f5c-d7b94ce4-1523191} in the sample response of
 * <a href="https://github.com/yandex-cloud/docs/blob/master/en/message-queue/api-ref/message/SendMessage.md">SendMessage</a>
 * (and {@code 13b0e327-8aa4cd4e-92feed42-15ccbec} in SendMessageBatch's). ElasticMQ's UUID gives
 * the four numbers as its four 32-bit words, so the same message always shows the same id, and two
 * messages never the same one.
 */
final class YmqMessageIds {
    private YmqMessageIds() {
    }

    static String of(String elasticMqId) {
        ByteBuffer bits = ByteBuffer.allocate(16);
        try {
            UUID uuid = UUID.fromString(elasticMqId);
            bits.putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
        } catch (IllegalArgumentException notUuid) {
            bits.put(sha256(elasticMqId), 0, 16);
        }
        bits.flip();
        return Integer.toHexString(bits.getInt()) + "-" + Integer.toHexString(bits.getInt()) + "-"
                + Integer.toHexString(bits.getInt()) + "-" + Integer.toHexString(bits.getInt());
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
