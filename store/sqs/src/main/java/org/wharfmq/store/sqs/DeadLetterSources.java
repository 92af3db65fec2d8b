package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.util.ArrayList;
import java.util.List;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.RedrivePolicy;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The queues whose RedrivePolicy names a dead-letter queue: the server's ListDeadLetterSourceQueues,
 * or, once the server answered it as unknown ({@link UnknownAction}), the store's queues (ListQueues
 * under its prefix) whose RedrivePolicy targets the queue's ARN.
 */
final class DeadLetterSources {
    private final SqsClient client;
    private final ServerQueues queues;
    private final String prefix;
    private volatile boolean listedByServer = true;

    /** {@code prefix}: the server names of the store's queues start with it. */
    DeadLetterSources(SqsClient client, ServerQueues queues, String prefix) {
        this.client = client;
        this.queues = queues;
        this.prefix = prefix;
    }

    /** The URLs of the queues that dead-letter into {@code deadLetterUrl}. */
    List<String> of(String deadLetterUrl) {
        if (listedByServer) {
            try {
                return List.copyOf(SqsErrors.call("ListDeadLetterSourceQueues " + deadLetterUrl, () -> client
                        .listDeadLetterSourceQueues(r -> r.queueUrl(deadLetterUrl))).queueUrls());
            } catch (QueueServiceException e) {
                if (!UnknownAction.is(e)) {
                    throw e;
                }
                listedByServer = false;
            }
        }
        return fromRedrivePolicies(deadLetterUrl);
    }

    /** The store's queues whose RedrivePolicy targets {@code deadLetterUrl}'s ARN. */
    List<String> fromRedrivePolicies(String deadLetterUrl) {
        String arn = queues.arn(deadLetterUrl);
        List<String> sources = new ArrayList<>();
        for (String url : queues.list(prefix)) {
            String policy;
            try {
                policy = queues.attributes(url, List.of(QueueConfig.REDRIVE_POLICY)).get(QueueConfig.REDRIVE_POLICY);
            } catch (QueueServiceException e) {
                if (!e.code().equals(QUEUE_DOES_NOT_EXIST)) {
                    throw e;
                }
                continue;
            }
            if (arn.equals(RedrivePolicy.targetOf(policy))) {
                sources.add(url);
            }
        }
        return sources;
    }
}
