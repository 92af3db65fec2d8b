package org.wharfmq.bench;

import jakarta.jms.ConnectionFactory;
import java.nio.file.Path;
import org.wharfmq.jms.WharfConnectionFactory;

/** Wharf on an embedded Derby store on disk, with the default connection options or others. */
final class WharfSystem implements BenchSystem {
    static final String NAME = "wharf";
    /** Wharf with autoAck=durable, measured beside the default in S2 and S3 for its cost. */
    static final String DURABLE_ACK = "wharf-durable-ack";

    private final String name;
    private final String options;
    private WharfConnectionFactory factory;

    WharfSystem(String name, String options) {
        this.name = name;
        this.options = options;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start(Path dir) {
        factory = new WharfConnectionFactory("wharf:derby:" + dir.toAbsolutePath() + options);
    }

    @Override
    public ConnectionFactory connectionFactory() {
        return factory;
    }

    @Override
    public String queueName(String base, boolean fifo) {
        return fifo ? base + ".fifo" : base;
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
