package org.wharfmq.store.sqs.testing;

import java.util.List;
import java.util.Map;

/** What the relay sends back: status, headers (without Content-Length) and body. */
record YmqReply(int status, Map<String, List<String>> headers, byte[] body) {

    static YmqReply of(int status, String contentType, byte[] body) {
        return new YmqReply(status, Map.of("Content-Type", List.of(contentType)), body);
    }
}
