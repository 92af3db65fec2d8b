package org.wharfmq.jms.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * Spring with a DataSourceTransactionManager on the store's database: a JmsTemplate send and a
 * listener container's receive join the @Transactional work, and commit or roll back with its SQL.
 */
class SpringJoinedTransactionTest {
    private WharfConnectionFactory factory;
    private DataSource dataSource;
    private JdbcTemplate jdbc;
    private DataSourceTransactionManager txManager;
    private String table;

    @BeforeEach
    void open() {
        TestStores.assumeOffers("JoinedTransactions", "a session that joins Spring's DataSource transaction");
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(PostgresServer.shared().jdbcUrl("postgres"));
        dataSource = ds;
        jdbc = new JdbcTemplate(ds);
        txManager = new DataSourceTransactionManager(ds);
        table = "audit_" + UUID.randomUUID().toString().replace("-", "");
        jdbc.execute("CREATE TABLE " + table + " (body text)");
        factory = new WharfConnectionFactory(TestStores.withOptions(TestStores.url("spring-joined"),
                "visibilityTimeout=2"));
        factory.joinTransactionsOf(() -> TransactionSynchronizationManager.isActualTransactionActive()
                ? DataSourceUtils.getConnection(dataSource) : null);
    }

    @AfterEach
    void close() {
        if (factory != null) {
            factory.close();
        }
    }

    private JmsTemplate template() {
        JmsTemplate t = new JmsTemplate(factory);
        t.setSessionTransacted(true);
        t.setReceiveTimeout(3_000);
        return t;
    }

    @Test
    void aSendInARolledBackTransactionIsUndoneWithItsSql() {
        WharfQueue queue = new WharfQueue("audit");
        TransactionTemplate tx = new TransactionTemplate(txManager);
        tx.executeWithoutResult(status -> {
            jdbc.update("INSERT INTO " + table + " VALUES ('kept')");
            template().convertAndSend(queue, "kept");
        });
        tx.executeWithoutResult(status -> {
            jdbc.update("INSERT INTO " + table + " VALUES ('undone')");
            template().convertAndSend(queue, "undone");
            status.setRollbackOnly();
        });

        assertEquals("kept", template().receiveAndConvert(queue));
        assertNull(template().receiveAndConvert(queue), "the rolled-back send never arrives");
        assertEquals(java.util.List.of("kept"), jdbc.queryForList("SELECT body FROM " + table, String.class));
    }

    @Test
    void aListenersReceiveJoinsTheTransactionSoThatItsRollbackBringsTheMessageBack() throws Exception {
        WharfQueue queue = new WharfQueue("work");
        template().convertAndSend(queue, "job");
        AtomicInteger attempts = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(1);
        DefaultMessageListenerContainer container = new DefaultMessageListenerContainer();
        container.setConnectionFactory(factory);
        container.setDestination(queue);
        container.setSessionTransacted(true);
        container.setTransactionManager(txManager);
        container.setReceiveTimeout(1_000);
        container.setMessageListener((jakarta.jms.MessageListener) m -> {
            jdbc.update("INSERT INTO " + table + " VALUES ('attempt')");
            if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("the first attempt fails after its SQL");
            }
            done.countDown();
        });
        container.afterPropertiesSet();
        container.start();
        try {
            assertEquals(true, done.await(30, TimeUnit.SECONDS), "the message came back after the rollback");
        } finally {
            container.stop();
            container.shutdown();
        }
        assertEquals(2, attempts.get());
        assertEquals(1, jdbc.queryForObject("SELECT count(*) FROM " + table, Integer.class),
                "only the committed attempt's row is there");
        try (JMSContext ctx = factory.createContext(); JMSConsumer c = ctx.createConsumer((Queue) queue)) {
            assertNull(c.receiveBody(String.class, 3_000), "the committed receive deleted the message");
        }
    }
}
