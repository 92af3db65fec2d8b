package org.wharfmq.store.derby;


import java.sql.SQLException;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.StoreXAResource;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.derby.disk.Database;
import org.wharfmq.store.derby.disk.Faults;
import org.wharfmq.store.derby.disk.Journal;

/**
 * The queue model on Derby, as the SPI sees it. This facade only delegates: administration to
 * {@link DerbyQueueAdmin}, sends to {@link Sends}, receives and browsing to {@link Receives},
 * deletes and visibility changes to {@link InFlight}, topics to {@link DerbyTopics}, transactions
 * to {@link DerbyTransaction} and {@link DerbyXAResource}, message move tasks to {@link MoveTasks},
 * statistics to {@link DerbyQueueAdmin}, arrival notices to {@link Arrivals}. Those decide in the
 * in-memory index ({@link QueueIndex}) and make their changes durable through the {@link Journal}.
 * Most calls return
 * once their change is committed; two do not wait: consumeMessage hands its messages out before
 * their delete is written (a crash before the next commit delivers them again), and a non-durable
 * send to a standard queue or a topic, which is never written: the message lives in the index only,
 * within the store's in-memory limit (to a FIFO queue it is written, without waiting).
 */
public final class DerbyQueueService implements QueueService, MessageOptions, FilteredReceive, Browsing,
        Transactions, XaTransactions, MessageMoves, QueueStatistics, ArrivalNotification {

    private final QueueIndex index;
    private final DerbyQueueAdmin admin;
    private final Sends sends;
    private final Receives receives;
    private final InFlight inFlight;
    private final DerbyTopics topics;
    private final XaBranches branches;
    private final MoveTasks moveTasks;

    private DerbyQueueService(QueueIndex index, Database db, Loader.Loaded loaded) {
        this.index = index;
        this.sends = new Sends(index);
        this.receives = new Receives(index, db);
        this.inFlight = new InFlight(index);
        this.admin = new DerbyQueueAdmin(index, receives);
        this.topics = new DerbyTopics(index, sends, loaded.topics());
        this.branches = new XaBranches(index, sends, topics, loaded.branches());
        this.moveTasks = new MoveTasks(index);
    }

    /** Opens the store in {@code db}: rebuilds its index from the tables, then starts its journal. */
    static DerbyQueueService open(Database db, Clock clock, int defaultDedupWindow, NonDurableMemory.Limit inMemory,
                                  String name) {
        QueueIndex index = new QueueIndex(clock, db, defaultDedupWindow, inMemory);
        Loader.Loaded loaded;
        try {
            loaded = new Loader(index, db.writer()).load();
            index.startJournal(name);
        } catch (SQLException | RuntimeException e) {
            db.close();
            throw e instanceof QueueServiceException q ? q : Faults.of(name, "open", e);
        }
        return new DerbyQueueService(index, db, loaded);
    }

    @Override
    public Limits limits() {
        return Limits.WHARF;
    }

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        if (type == Topics.class) {
            return Optional.of(type.cast(topics));
        }
        return QueueService.super.extension(type);
    }

    // ---- queues ----

    @Override
    public String createQueue(String queueName, Map<String, String> attributes) {
        return admin.createQueue(queueName, attributes);
    }

    @Override
    public void deleteQueue(String queueUrl) {
        admin.deleteQueue(queueUrl);
    }

    @Override
    public String getQueueUrl(String queueName) {
        return admin.getQueueUrl(queueName);
    }

    @Override
    public List<String> listQueues(String prefix) {
        return admin.listQueues(prefix);
    }

    @Override
    public void purgeQueue(String queueUrl) {
        admin.purgeQueue(queueUrl);
    }

    @Override
    public Map<String, String> getQueueAttributes(String queueUrl, Collection<String> names) {
        return admin.getQueueAttributes(queueUrl, names);
    }

    @Override
    public void setQueueAttributes(String queueUrl, Map<String, String> attributes) {
        admin.setQueueAttributes(queueUrl, attributes);
    }

    @Override
    public QueueStatistics.Snapshot statistics(String queueUrl) {
        return admin.statistics(queueUrl);
    }

    @Override
    public boolean counting(String queueUrl) {
        return admin.counting(queueUrl);
    }

    // ---- messages ----

    @Override
    public SendResult sendMessage(SendMessageRequest request) {
        return sends.send(request, MessageOptions.Options.DEFAULT);
    }

    @Override
    public SendResult sendMessage(SendMessageRequest request, MessageOptions.Options options) {
        return sends.send(request, options);
    }

    @Override
    public BatchResult<SendResult> sendMessageBatch(String queueUrl, List<SendBatchEntry> entries) {
        return sends.sendBatch(queueUrl, entries);
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request) {
        return receives.receive(request, -1, null, null);
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageHeaders> filter, BooleanSupplier cancelled) {
        return receives.receive(request, waitMillis, filter, cancelled);
    }

    @Override
    public List<ReceivedMessage> consumeMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageHeaders> filter, BooleanSupplier cancelled) {
        return receives.consume(request, waitMillis, filter, cancelled);
    }

    @Override
    public List<ReceivedMessage> leaseMessage(ReceiveMessageRequest request, long waitMillis,
                                              Predicate<MessageHeaders> filter, BooleanSupplier cancelled) {
        return receives.lease(request, waitMillis, filter, cancelled);
    }

    @Override
    public void wakeUp(String queueUrl) {
        receives.wakeUp(queueUrl);
    }

    @Override
    public Watch watch(String queueUrl, Runnable onArrival) {
        return index.arrivals().watch(queueUrl, onArrival);
    }

    @Override
    public List<ReceivedMessage> browse(String queueUrl, Predicate<MessageHeaders> filter, int max) {
        return receives.browse(queueUrl, filter, max);
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle) {
        inFlight.delete(queueUrl, receiptHandle);
    }

    @Override
    public BatchResult<String> deleteMessageBatch(String queueUrl, List<BatchEntry<String>> entries) {
        return inFlight.deleteBatch(queueUrl, entries);
    }

    @Override
    public void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        inFlight.changeVisibility(queueUrl, receiptHandle, visibilityTimeoutSeconds);
    }

    @Override
    public BatchResult<String> changeMessageVisibilityBatch(String queueUrl,
                                                            List<BatchEntry<VisibilityChange>> entries) {
        return inFlight.changeVisibilityBatch(queueUrl, entries);
    }

    // ---- transactions ----

    @Override
    public StoreTransaction begin() {
        index.checkOpen();
        return new DerbyTransaction(index, sends, topics);
    }

    @Override
    public StoreXAResource xaResource() {
        index.checkOpen();
        return new DerbyXAResource(index, branches);
    }

    @Override
    public String startMessageMoveTask(String sourceQueueUrl, String destinationQueueUrl,
                                       Integer maxMessagesPerSecond) {
        return moveTasks.start(sourceQueueUrl, destinationQueueUrl, maxMessagesPerSecond);
    }

    @Override
    public List<MessageMoveTask> listMessageMoveTasks(String sourceQueueUrl) {
        return moveTasks.list(sourceQueueUrl);
    }

    @Override
    public long cancelMessageMoveTask(String taskHandle) {
        return moveTasks.cancel(taskHandle);
    }

    @Override
    public void close() {
        moveTasks.close();
        index.close();
    }
}
