package org.wharfmq.store.model;

import static org.wharfmq.store.ErrorCodes.BATCH_ENTRY_IDS_NOT_DISTINCT;
import static org.wharfmq.store.ErrorCodes.EMPTY_BATCH_REQUEST;
import static org.wharfmq.store.ErrorCodes.INVALID_BATCH_ENTRY_ID;
import static org.wharfmq.store.ErrorCodes.INVALID_MESSAGE_CONTENTS;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.MISSING_PARAMETER;
import static org.wharfmq.store.ErrorCodes.TOO_MANY_ENTRIES_IN_BATCH_REQUEST;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendMessageRequest;

/** The rules of docs/model.md for message bodies, attributes, ids and batches. */
public final class MessageRules {
    private static final Pattern BATCH_ID = Pattern.compile("[A-Za-z0-9_-]{1,80}");
    private static final Pattern FIFO_ID = Pattern.compile("[\\x21-\\x7E]{1,128}");

    private MessageRules() {
    }

    /** Checks a body and returns its size in bytes. */
    public static int checkBody(String body) {
        if (body == null) {
            throw new QueueServiceException(MISSING_PARAMETER, "the message body is missing");
        }
        if (body.isEmpty()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "the message body is empty");
        }
        return checkedLength("message body", body);
    }

    /** Checks user attributes and returns their size in bytes. */
    public static int checkAttributes(Map<String, MessageAttributeValue> attributes) {
        int size = 0;
        for (Map.Entry<String, MessageAttributeValue> e : attributes.entrySet()) {
            String name = e.getKey();
            MessageAttributeValue v = e.getValue();
            checkAttributeName(name);
            if (v == null || v.dataType() == null) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "message attribute " + name + " has no data type");
            }
            String base = v.baseType();
            if (!base.equals("String") && !base.equals("Number") && !base.equals("Binary")
                    || v.dataType().endsWith(".")) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                        "message attribute " + name + " has data type '" + v.dataType()
                                + "', not String, Number or Binary with an optional .suffix");
            }
            size += utf8Length(name) + utf8Length(v.dataType());
            if (base.equals("Binary")) {
                byte[] b = v.binaryValue();
                if (b == null) {
                    throw new QueueServiceException(INVALID_PARAMETER_VALUE, "Binary message attribute " + name + " has no value");
                }
                size += b.length;
            } else {
                String s = v.stringValue();
                if (s == null || s.isEmpty()) {
                    throw new QueueServiceException(INVALID_PARAMETER_VALUE, base + " message attribute " + name + " has no value");
                }
                size += checkedLength("message attribute " + name, s);
                if (base.equals("Number")) {
                    try {
                        new BigDecimal(s.trim());
                    } catch (NumberFormatException ex) {
                        throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                                "Number message attribute " + name + " has value '" + s + "', not a number");
                    }
                }
            }
        }
        return size;
    }

    /** True if SQS takes {@code name} as a message attribute's name (the rule {@link #checkAttributes} applies). */
    public static boolean isAttributeName(String name) {
        return name != null && attributeNameChars(name) && !name.startsWith(".") && !name.endsWith(".")
                && !name.contains("..") && !name.regionMatches(true, 0, "aws.", 0, 4)
                && !name.regionMatches(true, 0, "amazon.", 0, 7);
    }

    private static void checkAttributeName(String name) {
        if (!isAttributeName(name)) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "message attribute name '" + name
                    + "' is not 1..256 characters of A-Z a-z 0-9 _ - . (no leading, trailing or double dot,"
                    + " no AWS. or Amazon. prefix)");
        }
    }

    /** 1..256 of A-Z a-z 0-9 _ - . */
    private static boolean attributeNameChars(String name) {
        int n = name.length();
        if (n == 0 || n > 256) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
                    || c == '.')) {
                return false;
            }
        }
        return true;
    }

    /** A send that passed {@link #checkSend}: its size in bytes, and its deduplication key on a FIFO queue (else null). */
    public record Send(int size, String dedupKey) {
    }

    /**
     * Checks a send to the queue {@code queue} of {@code config}: its size, priority, delay, and a
     * FIFO queue's group and deduplication ids (a standard queue takes neither). The key is the
     * deduplication id, or the body's SHA-256 with ContentBasedDeduplication, prefixed by the group
     * and a NUL when the DeduplicationScope is messageGroup.
     */
    public static Send checkSend(String queue, QueueConfig config, SendMessageRequest r, MessageOptions.Options options) {
        int size = checkBody(r.messageBody()) + checkAttributes(r.messageAttributes());
        if (size > config.maximumMessageSize()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "the message is " + size
                    + " bytes, over the queue's MaximumMessageSize " + config.maximumMessageSize());
        }
        Ranges.PRIORITY.check("priority", options.priority());
        Integer delay = r.delaySeconds();
        if (delay != null) {
            Ranges.DELAY_SECONDS.check("DelaySeconds", delay);
        }
        long maxDelayMillis = Ranges.DELAY_SECONDS.max() * 1000L;
        if (options.delayMillis() > maxDelayMillis) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "delay " + options.delayMillis()
                    + " ms is over " + maxDelayMillis + " ms");
        }
        if (!config.fifo()) {
            if (r.messageGroupId() != null || r.messageDeduplicationId() != null) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + queue
                        + " is standard: MessageGroupId and MessageDeduplicationId are for FIFO queues");
            }
            return new Send(size, null);
        }
        if ((delay != null && delay > 0) || options.delayMillis() > 0) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + queue
                    + " is FIFO: a per-message delay is not allowed; set the queue's DelaySeconds instead");
        }
        if (r.messageGroupId() == null) {
            throw new QueueServiceException(MISSING_PARAMETER, "MessageGroupId is required on FIFO queue " + queue);
        }
        checkFifoId("MessageGroupId", r.messageGroupId());
        String key;
        if (r.messageDeduplicationId() != null) {
            checkFifoId("MessageDeduplicationId", r.messageDeduplicationId());
            key = r.messageDeduplicationId();
        } else if (config.contentBasedDeduplication()) {
            key = Digests.sha256(r.messageBody());
        } else {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + queue
                    + " needs a MessageDeduplicationId: ContentBasedDeduplication is off");
        }
        if (config.deduplicationScope().equals("messageGroup")) {
            key = r.messageGroupId() + '\u0000' + key;
        }
        return new Send(size, key);
    }

    /** Checks a MessageGroupId, MessageDeduplicationId or ReceiveRequestAttemptId. */
    public static void checkFifoId(String what, String value) {
        if (!FIFO_ID.matcher(value).matches()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                    what + " '" + value + "' is not 1..128 letters, digits or punctuation");
        }
    }

    /** Checks that text holds only the characters docs/model.md allows. */
    public static void checkText(String what, String text) {
        int i = forbiddenCharacterAt(text);
        if (i >= 0) {
            throw forbidden(what, text, i);
        }
    }

    private static QueueServiceException forbidden(String what, String text, int i) {
        return new QueueServiceException(INVALID_MESSAGE_CONTENTS, what + " holds the forbidden character U+"
                + String.format("%04X", text.codePointAt(i)) + " at index " + i);
    }

    /**
     * A text's size in UTF-8, checked in the same pass for the characters docs/model.md allows
     * (what {@link #checkText} and {@link #utf8Length} do in two): a send's body is read once.
     */
    static int checkedLength(String what, String text) {
        int n = text.length();
        int bytes = n;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                if (c < 0x20 && c != 0x9 && c != 0xA && c != 0xD) {
                    throw forbidden(what, text, i);
                }
            } else if (c < 0x800) {
                bytes++;
            } else if (c < 0xD800 || c >= 0xE000 && c <= 0xFFFD) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                // Two chars, four bytes.
                bytes += 2;
                i++;
            } else {
                throw forbidden(what, text, i);
            }
        }
        return bytes;
    }

    /** The index of the first character docs/model.md forbids in a text, or -1 if there is none. */
    public static int forbiddenCharacterAt(String text) {
        for (int i = 0; i < text.length(); ) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0xD800) {
                // The common case, allowed without decoding a code point.
                i++;
                continue;
            }
            int cp = text.codePointAt(i);
            boolean ok = cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF)
                    || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
            if (!ok) {
                return i;
            }
            i += Character.charCount(cp);
        }
        return -1;
    }

    /** Checks a batch's size and entry ids. */
    public static void checkBatchIds(List<String> ids) {
        if (ids == null || ids.isEmpty()) {
            throw new QueueServiceException(EMPTY_BATCH_REQUEST, "the batch has no entries");
        }
        if (ids.size() > Ranges.BATCH.max()) {
            throw new QueueServiceException(TOO_MANY_ENTRIES_IN_BATCH_REQUEST,
                    "the batch has " + ids.size() + " entries, at most " + Ranges.BATCH.max() + " are allowed");
        }
        Set<String> seen = new HashSet<>();
        for (String id : ids) {
            if (id == null || !BATCH_ID.matcher(id).matches()) {
                throw new QueueServiceException(INVALID_BATCH_ENTRY_ID,
                        "batch entry id '" + id + "' is not 1..80 characters of A-Z a-z 0-9 _ -");
            }
            if (!seen.add(id)) {
                throw new QueueServiceException(BATCH_ENTRY_IDS_NOT_DISTINCT, "batch entry id '" + id + "' repeats");
            }
        }
    }

    /** The size a message counts for, without checking it: body plus attribute names, types and values. */
    public static long sizeOf(String body, Map<String, MessageAttributeValue> attributes) {
        long n = body == null ? 0 : utf8Length(body);
        for (Map.Entry<String, MessageAttributeValue> e : attributes.entrySet()) {
            MessageAttributeValue v = e.getValue();
            n += e.getKey() == null ? 0 : utf8Length(e.getKey());
            if (v != null) {
                n += v.dataType() == null ? 0 : utf8Length(v.dataType());
                n += v.binaryValue() != null ? v.binaryValue().length
                        : v.stringValue() == null ? 0 : utf8Length(v.stringValue());
            }
        }
        return n;
    }

    public static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
