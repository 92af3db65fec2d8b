package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INTERNAL_FAILURE;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.util.ArrayList;
import java.util.List;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.Ranges;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.ListMessageMoveTasksResultEntry;

/**
 * Message move tasks as the server's StartMessageMoveTask, ListMessageMoveTasks and
 * CancelMessageMoveTask, which name queues by ARN. The server runs the tasks by its own clock; what
 * it does not check itself (the rate's range, the queues' types, a source that is no dead-letter
 * queue) is refused here before the request. Once the server answers one of these actions as
 * unknown ({@link UnknownAction}, YMQ), this store runs its tasks itself ({@link ClientMessageMoves})
 * and asks the server no more.
 */
final class SqsMessageMoves implements MessageMoves {
    /** How many tasks a list shows, as SQS's ListMessageMoveTasks at most. */
    private static final int LISTED = 10;

    private final SqsClient client;
    private final ServerQueues queues;
    private final DeadLetterSources sources;
    private final ClientMessageMoves clientMoves;
    private volatile boolean onServer = true;

    /** {@code prefix}: the server names of the store's queues start with it. */
    SqsMessageMoves(SqsClient client, ServerQueues queues, String prefix) {
        this.client = client;
        this.queues = queues;
        this.sources = new DeadLetterSources(client, queues, prefix);
        this.clientMoves = new ClientMessageMoves(client, queues, sources);
    }

    /** Remembers that the server answered {@code e}'s action as unknown, or throws {@code e}. */
    private void noServerTasks(QueueServiceException e) {
        if (!UnknownAction.is(e)) {
            throw e;
        }
        onServer = false;
    }

    @Override
    public String startMessageMoveTask(String sourceQueueUrl, String destinationQueueUrl, Integer rate) {
        if (rate != null) {
            Ranges.MESSAGES_PER_SECOND.check("MaxNumberOfMessagesPerSecond", rate);
        }
        String sourceArn = queues.arn(sourceQueueUrl);
        String destinationArn = destinationQueueUrl == null ? null : queues.arn(destinationQueueUrl);
        check(sourceQueueUrl, destinationQueueUrl);
        if (onServer) {
            try {
                return SqsErrors.call("StartMessageMoveTask from " + sourceQueueUrl, () -> client
                        .startMessageMoveTask(r -> r.sourceArn(sourceArn).destinationArn(destinationArn)
                                .maxNumberOfMessagesPerSecond(rate)).taskHandle());
            } catch (QueueServiceException e) {
                noServerTasks(e);
            }
        }
        return clientMoves.start(sourceQueueUrl, destinationQueueUrl, rate);
    }

    private void check(String sourceUrl, String destinationUrl) {
        String source = ServerQueues.name(sourceUrl);
        if (destinationUrl == null) {
            if (sources.of(sourceUrl).isEmpty()) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + source + " is no queue's"
                        + " dead-letter queue, so its messages have no source to go back to; name a destination");
            }
            return;
        }
        String destination = ServerQueues.name(destinationUrl);
        if (destination.equals(source)) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                    "queue " + source + " cannot be the destination of its own messages");
        }
        if (Names.isFifo(destination) != Names.isFifo(source)) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "destination " + destination + " is "
                    + kind(destination) + " but source " + source + " is " + kind(source));
        }
    }

    private static String kind(String serverName) {
        return Names.isFifo(serverName) ? "FIFO" : "standard";
    }

    @Override
    public List<MessageMoveTask> listMessageMoveTasks(String sourceQueueUrl) {
        String sourceArn = queues.arn(sourceQueueUrl);
        if (onServer) {
            try {
                return serverTasks(sourceQueueUrl, sourceArn);
            } catch (QueueServiceException e) {
                noServerTasks(e);
            }
        }
        return clientMoves.list(sourceQueueUrl);
    }

    private List<MessageMoveTask> serverTasks(String sourceQueueUrl, String sourceArn) {
        List<ListMessageMoveTasksResultEntry> results = SqsErrors.call("ListMessageMoveTasks of " + sourceQueueUrl,
                () -> client.listMessageMoveTasks(r -> r.sourceArn(sourceArn).maxResults(LISTED))
                        .results());
        List<MessageMoveTask> out = new ArrayList<>();
        for (ListMessageMoveTasksResultEntry e : results.subList(0, Math.min(LISTED, results.size()))) {
            out.add(new MessageMoveTask(e.taskHandle(), status(e), sourceQueueUrl, url(e.destinationArn()),
                    e.maxNumberOfMessagesPerSecond(), longOf(e.approximateNumberOfMessagesMoved()),
                    longOf(e.approximateNumberOfMessagesToMove()), e.failureReason(), longOf(e.startedTimestamp())));
        }
        return out;
    }

    private static MessageMoveTask.Status status(ListMessageMoveTasksResultEntry e) {
        try {
            return MessageMoveTask.Status.valueOf(e.status());
        } catch (IllegalArgumentException | NullPointerException x) {
            throw new QueueServiceException(INTERNAL_FAILURE, "the server gave message move task "
                    + e.taskHandle() + " the unknown status " + e.status(), false, x);
        }
    }

    /** The URL of the queue an ARN names ({@code arn:...:<server name>}), or null for null. */
    private String url(String arn) {
        return arn == null ? null : queues.url(arn.substring(arn.lastIndexOf(':') + 1));
    }

    private static long longOf(Long n) {
        return n == null ? 0 : n;
    }

    @Override
    public long cancelMessageMoveTask(String taskHandle) {
        if (onServer && !clientMoves.knows(taskHandle)) {
            try {
                return longOf(SqsErrors.call("CancelMessageMoveTask " + taskHandle, () -> client
                        .cancelMessageMoveTask(r -> r.taskHandle(taskHandle)).approximateNumberOfMessagesMoved()));
            } catch (QueueServiceException e) {
                noServerTasks(e);
            }
        }
        return clientMoves.cancel(taskHandle);
    }

    /** Stops the tasks this store runs itself. */
    void close() {
        clientMoves.close();
    }
}
