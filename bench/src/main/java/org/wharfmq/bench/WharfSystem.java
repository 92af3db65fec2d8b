package org.wharfmq.bench;

import jakarta.jms.ConnectionFactory;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.management.StoreMBeans;
import org.wharfmq.jms.management.StoreMXBean;

/**
 * Wharf on an embedded Derby store on disk, with the default connection options or others; or on
 * another store, its URL made from the directory's name ({@link #on}).
 */
final class WharfSystem implements BenchSystem {
    static final String NAME = "wharf";
    /** Wharf with autoAck=durable, measured beside the default in S2 and S3 for its cost. */
    static final String DURABLE_ACK = "wharf-durable-ack";

    private final String name;
    private final Function<Path, String> urlOf;
    private final String options;
    private WharfConnectionFactory factory;
    private String storeUrl;

    WharfSystem(String name, String options) {
        this(name, dir -> "wharf:derby:" + dir.toAbsolutePath(), options);
    }

    private WharfSystem(String name, Function<Path, String> urlOf, String options) {
        this.name = name;
        this.urlOf = urlOf;
        this.options = options;
    }

    /** Wharf named {@code name} on the store {@code urlOf} gives for the directory passed to {@link #start}. */
    static WharfSystem on(String name, Function<Path, String> urlOf) {
        return new WharfSystem(name, urlOf, "");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start(Path dir) {
        storeUrl = urlOf.apply(dir);
        factory = new WharfConnectionFactory(storeUrl + options);
    }

    @Override
    public ConnectionFactory connectionFactory() {
        return factory;
    }

    @Override
    public String queueName(String base, boolean fifo) {
        return fifo ? base + ".fifo" : base;
    }

    /**
     * Through the store's MBean in the platform MBeanServer: its {@code queueStatistics} reads the
     * store each time, where a queue MBean's attributes may be a second old.
     */
    @Override
    public long messageCount(String queue) throws Exception {
        if (storeUrl == null) {
            return -1;
        }
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = StoreMBeans.storeObjectName(storeUrl);
        if (!server.isRegistered(name)) {
            return -1;
        }
        StoreMXBean store = JMX.newMXBeanProxy(server, name, StoreMXBean.class);
        if (!store.getQueues().contains(queue)) {
            return -1;
        }
        Map<String, Long> s = store.queueStatistics(queue);
        return s.get("ApproximateNumberOfMessagesVisible") + s.get("ApproximateNumberOfMessagesNotVisible")
                + s.get("ApproximateNumberOfMessagesDelayed");
    }

    @Override
    public String dedupProperty() {
        return "JMS_Wharf_DeduplicationId";
    }

    @Override
    public void close() throws Exception {
        if (factory != null) {
            factory.closeStore();
            factory = null;
        }
    }
}
