package org.wharfmq.ra.it;

import static org.wharfmq.ra.it.Resources.CF;
import static org.wharfmq.ra.it.Resources.RA;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import jakarta.resource.ConnectionFactoryDefinition;
import jakarta.resource.AdministeredObjectDefinition;
import jakarta.resource.spi.TransactionSupport.TransactionSupportLevel;

/**
 * What the test MDBs received, per queue, and whether two deliveries of one FIFO group ever
 * overlapped. Its annotations define the application's Wharf connection factory and queues.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@ConnectionFactoryDefinition(name = CF, interfaceName = "jakarta.jms.ConnectionFactory", resourceAdapter = RA,
        transactionSupport = TransactionSupportLevel.XATransaction, maxPoolSize = 20)
@AdministeredObjectDefinition(name = Resources.GROUPS, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue",
        properties = {"name=" + Resources.GROUPS_QUEUE, "attributes=ContentBasedDeduplication=true"})
@AdministeredObjectDefinition(name = Resources.TX, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue", properties = "name=" + Resources.TX_QUEUE)
@AdministeredObjectDefinition(name = Resources.POISON_DLQ, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue", properties = "name=" + Resources.POISON_DLQ_QUEUE)
@AdministeredObjectDefinition(name = Resources.POISON, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue", properties = {"name=" + Resources.POISON_QUEUE,
            "deadLetterQueue=" + Resources.POISON_DLQ_QUEUE, "maxReceiveCount=" + Resources.POISON_MAX_RECEIVES})
@AdministeredObjectDefinition(name = Resources.SELECT, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue", properties = "name=" + Resources.SELECT_QUEUE)
@AdministeredObjectDefinition(name = Resources.RESTART, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue", properties = "name=" + Resources.RESTART_QUEUE)
@AdministeredObjectDefinition(name = Resources.INVALID, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue", properties = "name=" + Resources.INVALID_QUEUE)
@AdministeredObjectDefinition(name = Resources.STD_QUEUE, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue", properties = "name=" + Resources.STD_QUEUE_NAME)
@AdministeredObjectDefinition(name = Resources.STD_SELECT, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue", properties = "name=" + Resources.STD_SELECT_NAME)
@AdministeredObjectDefinition(name = Resources.STD_TX, interfaceName = "jakarta.jms.Queue", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredQueue", properties = "name=" + Resources.STD_TX_NAME)
@AdministeredObjectDefinition(name = Resources.STD_TOPIC, interfaceName = "jakarta.jms.Topic", resourceAdapter = RA,
        className = "org.wharfmq.ra.AdministeredTopic", properties = "name=" + Resources.STD_TOPIC_NAME)
@ConnectionFactoryDefinition(name = Resources.STD_OTHER_CF, interfaceName = "jakarta.jms.ConnectionFactory",
        resourceAdapter = RA, transactionSupport = TransactionSupportLevel.XATransaction, maxPoolSize = 5,
        properties = "connectionURL=" + Resources.STD_OTHER_URL)
public class Journal {
    private final Map<String, List<Delivery>> deliveries = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> groupsInDelivery = new ConcurrentHashMap<>();
    private final AtomicBoolean groupOverlap = new AtomicBoolean();
    private final AtomicInteger inDelivery = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();
    private final CountDownLatch overlapped = new CountDownLatch(1);

    /** Records a delivery of {@code m} from {@code queue}. */
    public void record(String queue, Message m) throws JMSException {
        deliveries.computeIfAbsent(queue, q -> new CopyOnWriteArrayList<>()).add(new Delivery(
                ((TextMessage) m).getText(), m.getStringProperty("JMSXGroupID"), m.getJMSMessageID(),
                m.getIntProperty("JMSXDeliveryCount")));
    }

    public List<Delivery> deliveries(String queue) {
        return List.copyOf(deliveries.getOrDefault(queue, List.of()));
    }

    /** A delivery of {@code group} begins; notes an overlap if another of the group is under way. */
    public void begin(String group) {
        if (groupsInDelivery.computeIfAbsent(group, g -> new AtomicInteger()).incrementAndGet() > 1) {
            groupOverlap.set(true);
        }
        if (mostAtOnce.accumulateAndGet(inDelivery.incrementAndGet(), Math::max) > 1) {
            overlapped.countDown();
        }
    }

    /**
     * Waits at most {@code limit} until two deliveries have been under way at once, so that a
     * test sees an adapter's concurrency even when each delivery is quick beside each receive.
     */
    public void awaitOverlap(Duration limit) throws InterruptedException {
        overlapped.await(limit.toMillis(), TimeUnit.MILLISECONDS);
    }

    public void end(String group) {
        groupsInDelivery.get(group).decrementAndGet();
        inDelivery.decrementAndGet();
    }

    public boolean groupOverlapped() {
        return groupOverlap.get();
    }

    /** The most deliveries under way at once. */
    public int mostAtOnce() {
        return mostAtOnce.get();
    }
}
