package org.wharfmq.bench;

import jakarta.jms.ConnectionFactory;
import java.nio.file.Path;
import org.wharfmq.jms.WharfConnectionFactory;

/** Wharf on an embedded Derby store on disk. */
final class WharfSystem implements BenchSystem {
    static final String NAME = "wharf";

    private WharfConnectionFactory factory;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void start(Path dir) {
        factory = new WharfConnectionFactory("wharf:derby:" + dir.toAbsolutePath());
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
