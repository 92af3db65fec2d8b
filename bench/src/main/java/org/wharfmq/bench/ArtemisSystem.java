package org.wharfmq.bench;

import jakarta.jms.ConnectionFactory;
import java.nio.file.Path;
import java.util.function.Function;
import org.apache.activemq.artemis.api.config.ActiveMQDefaultConfiguration;
import org.apache.activemq.artemis.api.core.management.QueueControl;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.config.storage.DatabaseStorageConfiguration;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * ActiveMQ Artemis embedded in this JVM with its file journal (NIO, so that both systems write
 * through the same kind of file I/O), reached through an in-VM connector. With {@code bt0} the
 * journal buffer timeout is 0: every sync writes at once instead of waiting to batch. Or
 * ({@link #onJdbc}) with its JDBC store (journal type DATABASE) on a PostgreSQL database, default
 * settings otherwise.
 */
final class ArtemisSystem implements BenchSystem {
    static final String DEFAULT = "artemis";
    static final String BT0 = "artemis-bt0";
    static final String JDBC = "artemis-jdbc";

    private final boolean bt0;
    private final String vmUrl;
    /** The pgjdbc URL of the database for a directory (made for it), or null for the file journal. */
    private final Function<Path, String> jdbcUrlOf;
    private EmbeddedActiveMQ server;
    private ActiveMQConnectionFactory factory;

    ArtemisSystem(boolean bt0) {
        // Both variants may run side by side in one JVM: each has its own in-VM acceptor.
        this(bt0, bt0 ? "vm://1" : "vm://0", null);
    }

    private ArtemisSystem(boolean bt0, String vmUrl, Function<Path, String> jdbcUrlOf) {
        this.bt0 = bt0;
        this.vmUrl = vmUrl;
        this.jdbcUrlOf = jdbcUrlOf;
    }

    /** Artemis on its JDBC store, in the database {@code jdbcUrlOf} gives for the directory passed to {@link #start}. */
    static ArtemisSystem onJdbc(Function<Path, String> jdbcUrlOf) {
        return new ArtemisSystem(false, "vm://2", jdbcUrlOf);
    }

    @Override
    public String name() {
        return jdbcUrlOf != null ? JDBC : bt0 ? BT0 : DEFAULT;
    }

    @Override
    public void start(Path dir) throws Exception {
        Configuration c = new ConfigurationImpl()
                .setName(name())
                .setJMXManagementEnabled(false)
                .setPersistenceEnabled(true)
                .setSecurityEnabled(false)
                .setJournalType(JournalType.NIO)
                .setJournalDirectory(dir.resolve("journal").toString())
                .setBindingsDirectory(dir.resolve("bindings").toString())
                .setPagingDirectory(dir.resolve("paging").toString())
                .setLargeMessagesDirectory(dir.resolve("large").toString())
                .addAcceptorConfiguration("in-vm", vmUrl);
        c.setJournalBufferTimeout_NIO(bt0 ? 0 : ActiveMQDefaultConfiguration.getDefaultJournalBufferTimeoutNio());
        if (jdbcUrlOf != null) {
            DatabaseStorageConfiguration db = new DatabaseStorageConfiguration();
            db.setJdbcConnectionUrl(jdbcUrlOf.apply(dir));
            db.setJdbcDriverClassName("org.postgresql.Driver");
            db.setBindingsTableName("bindings");
            db.setMessageTableName("messages");
            db.setLargeMessageTableName("large_messages");
            db.setPageStoreTableName("page_store");
            db.setNodeManagerStoreTableName("node_manager");
            c.setStoreConfiguration(db);
        }
        server = new EmbeddedActiveMQ().setConfiguration(c);
        server.start();
        factory = new ActiveMQConnectionFactory(vmUrl);
    }

    @Override
    public ConnectionFactory connectionFactory() {
        return factory;
    }

    @Override
    public String queueName(String base, boolean fifo) {
        // Artemis keeps a message group's order on any queue.
        return base;
    }

    /** The queue's {@link QueueControl} message count (paged messages included), from the server's own registry. */
    @Override
    public long messageCount(String queue) {
        if (server == null) {
            return -1;
        }
        Object control = server.getActiveMQServer().getManagementService().getResource(ResourceNames.QUEUE + queue);
        return control instanceof QueueControl q ? q.getMessageCount() : -1;
    }

    @Override
    public String dedupProperty() {
        return "_AMQ_DUPL_ID";
    }

    @Override
    public void close() throws Exception {
        if (factory != null) {
            factory.close();
            factory = null;
        }
        if (server != null) {
            server.stop();
            server = null;
        }
    }
}
