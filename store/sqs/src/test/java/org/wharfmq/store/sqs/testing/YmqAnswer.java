package org.wharfmq.store.sqs.testing;

import java.util.List;
import java.util.function.UnaryOperator;

/** ElasticMQ's answer to a {@link YmqCall}, in the call's protocol, rewritten in place by the relay's rules. */
interface YmqAnswer {

    int status();

    default boolean ok() {
        return status() == 200;
    }

    /** Replaces every MessageId (SendMessage, SendMessageBatch entries, ReceiveMessage messages). */
    void mapMessageIds(UnaryOperator<String> map);

    /** Replaces every queue URL (QueueUrl, QueueUrls, ListQueues' and ListDeadLetterSourceQueues' lists). */
    void mapQueueUrls(UnaryOperator<String> map);

    /** How many messages a ReceiveMessage answer holds. */
    default int messageCount() {
        return messageIds().size();
    }

    /** The MessageIds of a ReceiveMessage answer's messages, in order. */
    List<String> messageIds();

    /** Appends the messages of another ReceiveMessage answer to this one. */
    void addMessagesOf(YmqAnswer other);

    YmqReply reply();
}
