package org.wharfmq.store.sqs.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;
import org.apache.pekko.pattern.Patterns;
import org.elasticmq.NodeAddress;
import org.elasticmq.StrictSQSLimits$;
import org.elasticmq.actor.QueueManagerActor;
import org.elasticmq.actor.queue.QueueEvent;
import org.elasticmq.persistence.CreateQueueMetadata;
import org.elasticmq.persistence.sql.SqlQueuePersistenceActor;
import org.elasticmq.persistence.sql.SqlQueuePersistenceConfig;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;
import org.elasticmq.util.NowProvider;
import scala.Option;
import scala.collection.immutable.List$;
import scala.util.Either;
import scalikejdbc.ConnectionPool$;
import scalikejdbc.ConnectionPoolSettings;

/**
 * An embedded ElasticMQ on 127.0.0.1 that keeps its queues and messages in an H2 database in a
 * directory, so that it can go away ({@link #stop}) and come back ({@link #resume}) on the same port
 * with them. This is ElasticMQ's own {@code messages-storage} (its {@code SqlQueuePersistenceActor},
 * which the standalone server enables with {@code messages-storage.enabled = true} and a JDBC
 * {@code uri}); it stores the queues too, so {@code queues-storage} is not needed. Wired by hand
 * rather than through {@code ElasticMQServer}, which binds its port before it has restored the queues:
 * here the restore ends before the port opens, so a client never sees the queues missing.
 * A stop is abrupt, as a crash: open connections are cut and requests in flight get no answer;
 * whatever the server answered is stored, as ElasticMQ answers only after its storage took a change.
 * One runs at a time in a JVM: ElasticMQ's storage uses scalikejdbc's one default connection pool.
 */
public final class StoredElasticMq implements AutoCloseable {
    private static final Duration RESTORE_TIMEOUT = Duration.ofSeconds(30);
    /**
     * The queues and the storage on one thread. ElasticMQ 1.7.1's storage serializes a message's
     * delivery receipts on its own thread while the queue may append a receipt to the same buffer (a
     * message given back and received again at once): a ConcurrentModificationException or a null
     * receipt kills the storage actor, whose restart forgets the queues it stored, so it stores nothing
     * more, and the request that caused it goes unanswered for 21 s. One thread makes the two take turns.
     */
    private static final Config ONE_THREAD = ConfigFactory.parseString("""
            elasticmq-stored-queues {
              type = Dispatcher
              executor = thread-pool-executor
              thread-pool-executor.fixed-pool-size = 1
            }
            pekko.actor.deployment {
              /storage.dispatcher = elasticmq-stored-queues
              /queues.dispatcher = elasticmq-stored-queues
              "/queues/*".dispatcher = elasticmq-stored-queues
              "/queues/*/*".dispatcher = elasticmq-stored-queues
            }
            """);
    private static StoredElasticMq running;

    private final String jdbcUri;
    private final int port;
    private ActorSystem system;

    private StoredElasticMq(Path dir, int port) {
        this.jdbcUri = "jdbc:h2:" + dir.toAbsolutePath().resolve("elasticmq");
        this.port = port;
    }

    /** A server on a free port of 127.0.0.1 with its storage in {@code dir}, restoring what is stored there. */
    public static StoredElasticMq start(Path dir) {
        StoredElasticMq mq = new StoredElasticMq(dir, freePort());
        mq.resume();
        return mq;
    }

    /** The server's endpoint, {@code http://127.0.0.1:<port>}, the same across stops. */
    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** True between {@link #resume} and {@link #stop}. */
    public synchronized boolean running() {
        return system != null;
    }

    /** Starts the server again on its port with what its storage holds; nothing if it runs. */
    public synchronized void resume() {
        if (system != null) {
            return;
        }
        synchronized (StoredElasticMq.class) {
            if (running != null) {
                throw new IllegalStateException("a stored ElasticMQ already runs in this JVM at " + running.endpoint()
                        + "; ElasticMQ's storage allows one at a time");
            }
            running = this;
        }
        try {
            openPool();
            system = ActorSystem.create("elasticmq-stored", ONE_THREAD.withFallback(ConfigFactory.load()));
            SqlQueuePersistenceConfig config = new SqlQueuePersistenceConfig(true, "org.h2.Driver", jdbcUri, "", "",
                    false);
            scala.collection.immutable.List<CreateQueueMetadata> noBaseQueues = List$.MODULE$.empty();
            ActorRef storage = system.actorOf(Props.create(SqlQueuePersistenceActor.class,
                    () -> new SqlQueuePersistenceActor(config, noBaseQueues)), "storage");
            ActorRef manager = system.actorOf(Props.create(QueueManagerActor.class,
                    () -> new QueueManagerActor(new NowProvider(), StrictSQSLimits$.MODULE$, Option.apply(storage))),
                    "queues");
            restore(storage, manager);
            SQSRestServer server = SQSRestServerBuilder.withActorSystem(system).withQueueManagerActor(manager)
                    .withInterface("127.0.0.1").withPort(port)
                    .withServerAddress(new NodeAddress("http", "127.0.0.1", port, ""))
                    .withAWSRegion("elasticmq").start();
            server.waitUntilStarted();
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    /** The pool ElasticMQ's storage uses; its own set-up makes it only once per JVM. */
    private void openPool() {
        try {
            Class.forName("org.h2.Driver");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("H2, ElasticMQ's storage, is not on the class path", e);
        }
        ConnectionPoolSettings settings = ConnectionPool$.MODULE$.singleton$default$4();
        ConnectionPool$.MODULE$.singleton(jdbcUri, "", "", settings,
                ConnectionPool$.MODULE$.singleton$default$5(jdbcUri, "", "", settings));
    }

    private static void restore(ActorRef storage, ActorRef manager) {
        Object answer;
        try {
            answer = Patterns.ask(storage, new QueueEvent.Restore(manager), RESTORE_TIMEOUT).toCompletableFuture()
                    .get(RESTORE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted restoring ElasticMQ's queues", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("ElasticMQ did not restore its queues within " + RESTORE_TIMEOUT, e);
        }
        if (answer instanceof Either<?, ?> either && either.isLeft()) {
            throw new IllegalStateException("ElasticMQ could not restore its queues: " + either.left().get());
        }
    }

    /**
     * The server goes away at once, as in a crash: its port closes and open connections are cut.
     * Its storage stays; {@link #resume} brings it back.
     */
    public synchronized void stop() {
        ActorSystem stopping = system;
        system = null;
        try {
            if (stopping != null) {
                stopping.terminate();
                stopping.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("ElasticMQ at " + endpoint() + " did not stop within 30 s", e);
        } finally {
            synchronized (StoredElasticMq.class) {
                if (running == this) {
                    ConnectionPool$.MODULE$.closeAll();
                    running = null;
                }
            }
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        stop();
    }
}
