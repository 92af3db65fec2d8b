package org.wharfmq.store.sqs;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.*;

/**
 * The SDK's {@link SqsClient} on the Query protocol (form-encoded requests, XML answers), which
 * Yandex Message Queue documents, for the requests the backend makes; any other request is refused
 * by the interface. Receive asks for message system attributes as {@code AttributeName.N}, the
 * form both Yandex Message Queue and Amazon SQS read.
 */
final class QuerySqsClient implements SqsClient {
    private final QueryTransport transport;

    QuerySqsClient(QueryTransport transport) {
        this.transport = transport;
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
        transport.close();
    }

    // ---- queues ----

    @Override
    public CreateQueueResponse createQueue(CreateQueueRequest r) {
        QueryForm f = new QueryForm().put("QueueName", r.queueName())
                .map("Attribute", "Name", "Value", r.attributesAsStrings()).map("Tag", "Key", "Value", r.tags());
        return CreateQueueResponse.builder().queueUrl(call("CreateQueue", f).text("QueueUrl")).build();
    }

    @Override
    public DeleteQueueResponse deleteQueue(DeleteQueueRequest r) {
        call("DeleteQueue", new QueryForm().put("QueueUrl", r.queueUrl()));
        return DeleteQueueResponse.builder().build();
    }

    @Override
    public GetQueueUrlResponse getQueueUrl(GetQueueUrlRequest r) {
        QueryForm f = new QueryForm().put("QueueName", r.queueName())
                .put("QueueOwnerAWSAccountId", r.queueOwnerAWSAccountId());
        return GetQueueUrlResponse.builder().queueUrl(call("GetQueueUrl", f).text("QueueUrl")).build();
    }

    @Override
    public ListQueuesResponse listQueues(ListQueuesRequest r) {
        QueryAnswer a = call("ListQueues", new QueryForm().put("QueueNamePrefix", r.queueNamePrefix())
                .put("NextToken", r.nextToken()).put("MaxResults", r.maxResults()));
        return ListQueuesResponse.builder().queueUrls(a.texts("QueueUrl")).nextToken(a.text("NextToken")).build();
    }

    @Override
    public ListQueueTagsResponse listQueueTags(ListQueueTagsRequest r) {
        QueryAnswer a = call("ListQueueTags", new QueryForm().put("QueueUrl", r.queueUrl()));
        return ListQueueTagsResponse.builder().tags(a.map("Tag", "Key", "Value")).build();
    }

    @Override
    public TagQueueResponse tagQueue(TagQueueRequest r) {
        call("TagQueue", new QueryForm().put("QueueUrl", r.queueUrl()).map("Tag", "Key", "Value", r.tags()));
        return TagQueueResponse.builder().build();
    }

    @Override
    public UntagQueueResponse untagQueue(UntagQueueRequest r) {
        call("UntagQueue", new QueryForm().put("QueueUrl", r.queueUrl()).list("TagKey", r.tagKeys()));
        return UntagQueueResponse.builder().build();
    }

    @Override
    public GetQueueAttributesResponse getQueueAttributes(GetQueueAttributesRequest r) {
        QueryAnswer a = call("GetQueueAttributes", new QueryForm().put("QueueUrl", r.queueUrl())
                .list("AttributeName", r.attributeNamesAsStrings()));
        return GetQueueAttributesResponse.builder().attributesWithStrings(a.map("Attribute", "Name", "Value"))
                .build();
    }

    @Override
    public SetQueueAttributesResponse setQueueAttributes(SetQueueAttributesRequest r) {
        call("SetQueueAttributes", new QueryForm().put("QueueUrl", r.queueUrl())
                .map("Attribute", "Name", "Value", r.attributesAsStrings()));
        return SetQueueAttributesResponse.builder().build();
    }

    @Override
    public PurgeQueueResponse purgeQueue(PurgeQueueRequest r) {
        call("PurgeQueue", new QueryForm().put("QueueUrl", r.queueUrl()));
        return PurgeQueueResponse.builder().build();
    }

    @Override
    public ListDeadLetterSourceQueuesResponse listDeadLetterSourceQueues(ListDeadLetterSourceQueuesRequest r) {
        QueryAnswer a = call("ListDeadLetterSourceQueues", new QueryForm().put("QueueUrl", r.queueUrl())
                .put("NextToken", r.nextToken()).put("MaxResults", r.maxResults()));
        return ListDeadLetterSourceQueuesResponse.builder().queueUrls(a.texts("QueueUrl"))
                .nextToken(a.text("NextToken")).build();
    }

    // ---- messages ----

    @Override
    public SendMessageResponse sendMessage(SendMessageRequest r) {
        QueryForm f = new QueryForm().put("QueueUrl", r.queueUrl()).put("MessageBody", r.messageBody())
                .put("DelaySeconds", r.delaySeconds()).messageAttributes("", r.messageAttributes())
                .put("MessageGroupId", r.messageGroupId()).put("MessageDeduplicationId", r.messageDeduplicationId());
        QueryAnswer a = call("SendMessage", f);
        return SendMessageResponse.builder().messageId(a.text("MessageId")).md5OfMessageBody(a.text("MD5OfMessageBody"))
                .md5OfMessageAttributes(a.text("MD5OfMessageAttributes")).sequenceNumber(a.text("SequenceNumber"))
                .build();
    }

    @Override
    public SendMessageBatchResponse sendMessageBatch(SendMessageBatchRequest r) {
        QueryForm f = new QueryForm().put("QueueUrl", r.queueUrl());
        int i = 0;
        for (SendMessageBatchRequestEntry e : r.entries()) {
            String p = "SendMessageBatchRequestEntry." + ++i + ".";
            f.put(p + "Id", e.id()).put(p + "MessageBody", e.messageBody()).put(p + "DelaySeconds", e.delaySeconds())
                    .messageAttributes(p, e.messageAttributes()).put(p + "MessageGroupId", e.messageGroupId())
                    .put(p + "MessageDeduplicationId", e.messageDeduplicationId());
        }
        QueryAnswer a = call("SendMessageBatch", f);
        List<SendMessageBatchResultEntry> ok = new ArrayList<>();
        for (QueryAnswer e : a.children("SendMessageBatchResultEntry")) {
            ok.add(SendMessageBatchResultEntry.builder().id(e.text("Id")).messageId(e.text("MessageId"))
                    .md5OfMessageBody(e.text("MD5OfMessageBody")).sequenceNumber(e.text("SequenceNumber")).build());
        }
        return SendMessageBatchResponse.builder().successful(ok).failed(failed(a)).build();
    }

    @Override
    public ReceiveMessageResponse receiveMessage(ReceiveMessageRequest r) {
        Set<String> systemAttributes = new LinkedHashSet<>(r.attributeNamesAsStrings());
        systemAttributes.addAll(r.messageSystemAttributeNamesAsStrings());
        QueryForm f = new QueryForm().put("QueueUrl", r.queueUrl()).list("AttributeName", systemAttributes)
                .list("MessageAttributeName", r.messageAttributeNames())
                .put("MaxNumberOfMessages", r.maxNumberOfMessages()).put("VisibilityTimeout", r.visibilityTimeout())
                .put("WaitTimeSeconds", r.waitTimeSeconds()).put("ReceiveRequestAttemptId", r.receiveRequestAttemptId());
        List<Message> messages = new ArrayList<>();
        for (QueryAnswer m : call("ReceiveMessage", f).children("Message")) {
            messages.add(Message.builder().messageId(m.text("MessageId")).receiptHandle(m.text("ReceiptHandle"))
                    .md5OfBody(m.text("MD5OfBody")).body(m.text("Body"))
                    .attributesWithStrings(m.map("Attribute", "Name", "Value"))
                    .md5OfMessageAttributes(m.text("MD5OfMessageAttributes"))
                    .messageAttributes(messageAttributes(m)).build());
        }
        return ReceiveMessageResponse.builder().messages(messages).build();
    }

    private static Map<String, MessageAttributeValue> messageAttributes(QueryAnswer m) {
        Map<String, MessageAttributeValue> out = new LinkedHashMap<>();
        for (QueryAnswer a : m.children("MessageAttribute")) {
            QueryAnswer v = a.child("Value");
            String binary = v.text("BinaryValue");
            out.put(a.text("Name"), MessageAttributeValue.builder().dataType(v.text("DataType"))
                    .stringValue(v.text("StringValue"))
                    .binaryValue(binary == null ? null : SdkBytes.fromByteArray(Base64.getDecoder().decode(binary.trim())))
                    .build());
        }
        return out;
    }

    @Override
    public DeleteMessageResponse deleteMessage(DeleteMessageRequest r) {
        call("DeleteMessage", new QueryForm().put("QueueUrl", r.queueUrl()).put("ReceiptHandle", r.receiptHandle()));
        return DeleteMessageResponse.builder().build();
    }

    @Override
    public DeleteMessageBatchResponse deleteMessageBatch(DeleteMessageBatchRequest r) {
        QueryForm f = new QueryForm().put("QueueUrl", r.queueUrl());
        int i = 0;
        for (DeleteMessageBatchRequestEntry e : r.entries()) {
            String p = "DeleteMessageBatchRequestEntry." + ++i + ".";
            f.put(p + "Id", e.id()).put(p + "ReceiptHandle", e.receiptHandle());
        }
        QueryAnswer a = call("DeleteMessageBatch", f);
        return DeleteMessageBatchResponse.builder().successful(a.children("DeleteMessageBatchResultEntry").stream()
                .map(e -> DeleteMessageBatchResultEntry.builder().id(e.text("Id")).build()).toList())
                .failed(failed(a)).build();
    }

    @Override
    public ChangeMessageVisibilityResponse changeMessageVisibility(ChangeMessageVisibilityRequest r) {
        call("ChangeMessageVisibility", new QueryForm().put("QueueUrl", r.queueUrl())
                .put("ReceiptHandle", r.receiptHandle()).put("VisibilityTimeout", r.visibilityTimeout()));
        return ChangeMessageVisibilityResponse.builder().build();
    }

    @Override
    public ChangeMessageVisibilityBatchResponse changeMessageVisibilityBatch(ChangeMessageVisibilityBatchRequest r) {
        QueryForm f = new QueryForm().put("QueueUrl", r.queueUrl());
        int i = 0;
        for (ChangeMessageVisibilityBatchRequestEntry e : r.entries()) {
            String p = "ChangeMessageVisibilityBatchRequestEntry." + ++i + ".";
            f.put(p + "Id", e.id()).put(p + "ReceiptHandle", e.receiptHandle())
                    .put(p + "VisibilityTimeout", e.visibilityTimeout());
        }
        QueryAnswer a = call("ChangeMessageVisibilityBatch", f);
        return ChangeMessageVisibilityBatchResponse.builder()
                .successful(a.children("ChangeMessageVisibilityBatchResultEntry").stream()
                        .map(e -> ChangeMessageVisibilityBatchResultEntry.builder().id(e.text("Id")).build()).toList())
                .failed(failed(a)).build();
    }

    private static List<BatchResultErrorEntry> failed(QueryAnswer batch) {
        return batch.children("BatchResultErrorEntry").stream().map(e -> BatchResultErrorEntry.builder()
                .id(e.text("Id")).code(e.text("Code")).message(e.text("Message"))
                .senderFault(Boolean.parseBoolean(e.text("SenderFault"))).build()).toList();
    }

    // ---- message move tasks ----

    @Override
    public StartMessageMoveTaskResponse startMessageMoveTask(StartMessageMoveTaskRequest r) {
        QueryAnswer a = call("StartMessageMoveTask", new QueryForm().put("SourceArn", r.sourceArn())
                .put("DestinationArn", r.destinationArn())
                .put("MaxNumberOfMessagesPerSecond", r.maxNumberOfMessagesPerSecond()));
        return StartMessageMoveTaskResponse.builder().taskHandle(a.text("TaskHandle")).build();
    }

    @Override
    public ListMessageMoveTasksResponse listMessageMoveTasks(ListMessageMoveTasksRequest r) {
        QueryAnswer a = call("ListMessageMoveTasks", new QueryForm().put("SourceArn", r.sourceArn())
                .put("MaxResults", r.maxResults()));
        List<ListMessageMoveTasksResultEntry> out = new ArrayList<>();
        for (QueryAnswer e : a.children("ListMessageMoveTasksResultEntry")) {
            out.add(ListMessageMoveTasksResultEntry.builder().taskHandle(e.text("TaskHandle")).status(e.text("Status"))
                    .sourceArn(e.text("SourceArn")).destinationArn(e.text("DestinationArn"))
                    .maxNumberOfMessagesPerSecond(e.integer("MaxNumberOfMessagesPerSecond"))
                    .approximateNumberOfMessagesMoved(e.number("ApproximateNumberOfMessagesMoved"))
                    .approximateNumberOfMessagesToMove(e.number("ApproximateNumberOfMessagesToMove"))
                    .failureReason(e.text("FailureReason")).startedTimestamp(e.number("StartedTimestamp")).build());
        }
        return ListMessageMoveTasksResponse.builder().results(out).build();
    }

    @Override
    public CancelMessageMoveTaskResponse cancelMessageMoveTask(CancelMessageMoveTaskRequest r) {
        QueryAnswer a = call("CancelMessageMoveTask", new QueryForm().put("TaskHandle", r.taskHandle()));
        return CancelMessageMoveTaskResponse.builder()
                .approximateNumberOfMessagesMoved(a.number("ApproximateNumberOfMessagesMoved")).build();
    }

    private QueryAnswer call(String action, QueryForm form) {
        return transport.call(action, form.params());
    }
}
