package org.wharfmq.jms.gateway;

import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.message.Addressable;

/** The attribute limits the tests encode at, and a message's trip through the store and back. */
final class Encodings {
    static final long SENT = 1_700_000_000_000L;

    /** An attribute limit: none (Derby), SQS's as Wharf's SQS backend offers it, and the marks alone. */
    enum Layout {
        UNLIMITED(Integer.MAX_VALUE),
        SQS(9),
        MARKS_ONLY(MessageCodec.MIN_ATTRIBUTES);

        final int limit;

        Layout(int limit) {
            this.limit = limit;
        }
    }

    /** A reply-to destination of the tests: an address and nothing else. */
    record Address(String toAddress) implements Addressable {
    }

    private Encodings() {
    }

    /** Encodes {@code m} at the layout's limit, checking that it kept to the limit. */
    static MessageCodec.Encoded encode(WharfMessage m, Layout layout) throws JMSException {
        MessageCodec.Encoded e = MessageCodec.encode(m, layout.limit);
        assertTrue(e.attributes().size() <= layout.limit, e.attributes().size() + " attributes at limit " + layout.limit);
        return e;
    }

    /** The message as a consumer receives it from a store that kept {@code e}. */
    static ReceivedMessage received(MessageCodec.Encoded e, String groupId) {
        return new ReceivedMessage("m-1", "handle-1", e.body(), null, SENT, 1, SENT, groupId, null, null,
                4, 0, e.attributes());
    }

    static WharfMessage roundTrip(WharfMessage m, Layout layout) throws JMSException {
        return MessageCodec.decode(received(encode(m, layout), null), new Address("queue:here"), Address::new);
    }
}
