package org.wharfmq.jms.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

/**
 * One application thread of the load, on its own connection and session, which it keeps through
 * every fault: it records in the {@link Ledger} what it sent or received and every exception, backs
 * off 100 ms after one, and goes on. {@link #lastProgressNanos} is when it last completed a send, a
 * commit or a settled delivery.
 */
public abstract class LoadWorker implements Worker {
    private static final long BACK_OFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    final String name;
    final Ledger ledger;
    final Connection connection;
    private final AtomicLong lastProgress = new AtomicLong(System.nanoTime());
    private volatile boolean stopping;
    private Thread thread;
    /** The JMS call in progress, for the failure record. */
    volatile String call = "";

    LoadWorker(String name, Ledger ledger, ConnectionFactory factory) throws JMSException {
        this.name = name;
        this.ledger = ledger;
        this.connection = factory.createConnection();
        connection.setExceptionListener(e -> ledger.failed(name, "exception listener", e));
    }

    /** One step of the loop: a send, a transaction, a batch of receives. */
    abstract void step() throws JMSException;

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start() throws JMSException {
        connection.start();
        thread = new Thread(this::loop, "load-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        while (!stopping) {
            try {
                step();
            } catch (JMSException | RuntimeException e) {
                ledger.failed(name, call, e);
                LockSupport.parkNanos(BACK_OFF_NANOS);
            }
        }
    }

    @Override
    public String where() {
        if (thread == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(", in " + call + " at");
        for (StackTraceElement e : thread.getStackTrace()) {
            out.append("\n    ").append(e);
        }
        return out.toString();
    }

    void progress() {
        lastProgress.set(System.nanoTime());
    }

    @Override
    public long lastProgressNanos() {
        return lastProgress.get();
    }

    /** Stops the loop and closes the connection; true if the loop ended within {@code millis}. */
    @Override
    public boolean stop(long millis) throws InterruptedException {
        stopping = true;
        boolean ended = true;
        if (thread != null) {
            thread.join(millis);
            ended = !thread.isAlive();
        }
        try {
            connection.close();
        } catch (JMSException e) {
            ledger.failed(name, "close", e);
        }
        return ended;
    }

    /** The key a message of the load carries: its text. */
    public static String key(Message m) throws JMSException {
        return ((TextMessage) m).getText();
    }

    public static int deliveryCount(Message m) throws JMSException {
        return m.propertyExists("JMSXDeliveryCount") ? m.getIntProperty("JMSXDeliveryCount") : 0;
    }

    /** Sends at {@code perSecond}, one message a step, in a non-transacted session. */
    public static final class Producer extends LoadWorker {
        private final Session session;
        private final MessageProducer producer;
        private final long intervalNanos;
        private long next = System.nanoTime();
        private int seq;

        public Producer(String name, Ledger ledger, ConnectionFactory factory, Queue queue, int perSecond)
                throws JMSException {
            super(name, ledger, factory);
            this.session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            this.producer = session.createProducer(queue);
            this.intervalNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
        }

        @Override
        void step() throws JMSException {
            next += intervalNanos;
            LockSupport.parkNanos(next - System.nanoTime());
            String key = name + "-" + seq++;
            long start = System.nanoTime();
            call = "send";
            try {
                producer.send(session.createTextMessage(key));
            } catch (JMSException | RuntimeException e) {
                ledger.sent(key, name, start, System.nanoTime(), Ledger.Sent.IN_DOUBT);
                throw e;
            }
            ledger.sent(key, name, start, System.nanoTime(), Ledger.Sent.ACKED);
            progress();
        }
    }

    /** Sends {@code batch} messages and commits, {@code perSecond} commits a second, in a transacted session. */
    public static final class TransactedProducer extends LoadWorker {
        private final Session session;
        private final MessageProducer producer;
        private final int batch;
        private final long intervalNanos;
        private long next = System.nanoTime();
        private int seq;

        public TransactedProducer(String name, Ledger ledger, ConnectionFactory factory, Queue queue, int batch,
                           int perSecond) throws JMSException {
            super(name, ledger, factory);
            this.session = connection.createSession(true, Session.SESSION_TRANSACTED);
            this.producer = session.createProducer(queue);
            this.batch = batch;
            this.intervalNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
        }

        @Override
        void step() throws JMSException {
            next += intervalNanos;
            LockSupport.parkNanos(next - System.nanoTime());
            List<String> keys = new ArrayList<>();
            long start = System.nanoTime();
            try {
                call = "send";
                for (int i = 0; i < batch; i++) {
                    String key = name + "-" + seq++;
                    keys.add(key);
                    producer.send(session.createTextMessage(key));
                }
                call = "commit";
                session.commit();
            } catch (JMSException | RuntimeException e) {
                long end = System.nanoTime();
                keys.forEach(k -> ledger.sent(k, name, start, end, Ledger.Sent.IN_DOUBT));
                rollbackQuietly();
                throw e;
            }
            long end = System.nanoTime();
            keys.forEach(k -> ledger.sent(k, name, start, end, Ledger.Sent.ACKED));
            progress();
        }

        private void rollbackQuietly() {
            try {
                session.rollback();
            } catch (JMSException | RuntimeException e) {
                ledger.failed(name, "rollback", e);
            }
        }
    }

    /** Receives up to {@code batch} messages and commits them, in a transacted session. */
    public static final class TransactedConsumer extends LoadWorker {
        private final Session session;
        private final MessageConsumer consumer;
        private final int batch;

        public TransactedConsumer(String name, Ledger ledger, ConnectionFactory factory, Queue queue, int batch)
                throws JMSException {
            super(name, ledger, factory);
            this.session = connection.createSession(true, Session.SESSION_TRANSACTED);
            this.consumer = session.createConsumer(queue);
            this.batch = batch;
        }

        @Override
        void step() throws JMSException {
            List<Ledger.Delivery> got = new ArrayList<>();
            try {
                call = "receive";
                for (int i = 0; i < batch; i++) {
                    Message m = consumer.receive(i == 0 ? 1000 : 100);
                    if (m == null) {
                        break;
                    }
                    got.add(ledger.delivered(key(m), name, Ledger.Kind.TRANSACTED, m.getJMSRedelivered(),
                            deliveryCount(m)));
                }
                if (got.isEmpty()) {
                    return;
                }
                call = "commit";
                session.commit();
            } catch (JMSException | RuntimeException e) {
                long now = System.nanoTime();
                got.forEach(d -> d.settled(Ledger.Settle.FAILED, now));
                try {
                    session.rollback();
                } catch (JMSException | RuntimeException again) {
                    ledger.failed(name, "rollback", again);
                }
                throw e;
            }
            long now = System.nanoTime();
            got.forEach(d -> d.settled(Ledger.Settle.OK, now));
            progress();
        }
    }

    /**
     * Receives up to {@code batch} messages and acknowledges them, in a CLIENT_ACKNOWLEDGE session;
     * recovers after a failed acknowledgement.
     */
    public static final class ClientAckConsumer extends LoadWorker {
        private final Session session;
        private final MessageConsumer consumer;
        private final int batch;

        public ClientAckConsumer(String name, Ledger ledger, ConnectionFactory factory, Queue queue, int batch)
                throws JMSException {
            super(name, ledger, factory);
            this.session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            this.consumer = session.createConsumer(queue);
            this.batch = batch;
        }

        @Override
        void step() throws JMSException {
            List<Ledger.Delivery> got = new ArrayList<>();
            Message last = null;
            try {
                call = "receive";
                for (int i = 0; i < batch; i++) {
                    Message m = consumer.receive(i == 0 ? 1000 : 100);
                    if (m == null) {
                        break;
                    }
                    last = m;
                    got.add(ledger.delivered(key(m), name, Ledger.Kind.CLIENT, m.getJMSRedelivered(),
                            deliveryCount(m)));
                }
                if (last == null) {
                    return;
                }
                call = "acknowledge";
                last.acknowledge();
            } catch (JMSException | RuntimeException e) {
                long now = System.nanoTime();
                got.forEach(d -> d.settled(Ledger.Settle.FAILED, now));
                try {
                    session.recover();
                } catch (JMSException | RuntimeException again) {
                    ledger.failed(name, "recover", again);
                }
                throw e;
            }
            long now = System.nanoTime();
            got.forEach(d -> d.settled(Ledger.Settle.OK, now));
            progress();
        }
    }

    /** An AUTO_ACKNOWLEDGE listener: a delivery is settled when onMessage returns. */
    public static final class AutoListener extends LoadWorker {
        public AutoListener(String name, Ledger ledger, ConnectionFactory factory, Queue queue) throws JMSException {
            super(name, ledger, factory);
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createConsumer(queue).setMessageListener(m -> {
                try {
                    Ledger.Delivery d = ledger.delivered(key(m), name, Ledger.Kind.AUTO_LISTENER,
                            m.getJMSRedelivered(), deliveryCount(m));
                    d.settled(Ledger.Settle.OK, System.nanoTime());
                    progress();
                } catch (JMSException e) {
                    ledger.failed(name, "onMessage", e);
                }
            });
        }

        @Override
        public void start() throws JMSException {
            connection.start();
        }

        @Override
        void step() {
        }
    }
}
