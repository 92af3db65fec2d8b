package org.wharfmq.store.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The digests of a message body, in hex over its UTF-8 bytes, as SQS gives them: the MD5 a send
 * returns, and the SHA-256 that is a FIFO queue's content-based deduplication id.
 */
public final class Digests {
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> digest("SHA-256"));
    private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> digest("MD5"));

    private Digests() {
    }

    public static String md5(String body) {
        return HexFormat.of().formatHex(MD5.get().digest(body.getBytes(StandardCharsets.UTF_8)));
    }

    public static String sha256(String body) {
        return HexFormat.of().formatHex(SHA256.get().digest(body.getBytes(StandardCharsets.UTF_8)));
    }

    /** A FIFO message's sequence number as SQS writes it: at least 20 digits, zeros first. */
    public static String sequenceNumber(long seq) {
        String digits = Long.toString(seq);
        return digits.length() >= 20 ? digits : "0".repeat(20 - digits.length()) + digits;
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is missing from this JVM", e);
        }
    }
}
