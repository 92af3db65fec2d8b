package org.wharfmq.bench;

import jakarta.jms.ConnectionFactory;
import java.nio.file.Path;

/** A messaging system under test: started on a directory, reached through plain JMS. */
interface BenchSystem extends AutoCloseable {

    /** The name used in reports. */
    String name();

    /** Starts the system with its data in {@code dir}; again after {@link #close()} to reopen it. */
    void start(Path dir) throws Exception;

    ConnectionFactory connectionFactory();

    /** The queue name to create for {@code base}: a FIFO queue when {@code fifo}. */
    String queueName(String base, boolean fifo);

    /**
     * The messages {@code queue} holds, as the system's management reports them (in flight ones
     * included), or -1 while it shows no such queue (not open, not loaded, not created).
     */
    long messageCount(String queue) throws Exception;

    /** The message property that carries a deduplication id. */
    String dedupProperty();

    @Override
    void close() throws Exception;

    /** The systems by report name. */
    static BenchSystem named(String name) {
        return switch (name) {
            case WharfSystem.NAME -> new WharfSystem(name, "");
            case WharfSystem.DURABLE_ACK -> new WharfSystem(name, "?autoAck=durable");
            case ArtemisSystem.DEFAULT -> new ArtemisSystem(false);
            case ArtemisSystem.BT0 -> new ArtemisSystem(true);
            default -> throw new IllegalArgumentException("unknown system '" + name + "'");
        };
    }
}
