package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.Fault;
import org.wharfmq.store.sqs.testing.FaultRelay;
import org.wharfmq.store.sqs.testing.FaultScript;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;

/**
 * A Query request the server does not answer within the socket timeout failed as an interrupt,
 * which left the caller's thread interrupted: every later call of that thread failed at once. It is
 * an I/O failure, retried, and the thread is left alone.
 */
class QueryTimeoutTest {
    private FaultRelay relay;
    private QueryTransport transport;

    @BeforeEach
    void start() {
        relay = FaultRelay.start(ElasticMq.shared().endpoint());
        transport = new QueryTransport(URI.create(relay.endpoint()), "elasticmq",
                StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")),
                Apache5HttpClient.builder().socketTimeout(Duration.ofMillis(300)).build(),
                AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(2).build());
    }

    @AfterEach
    void stop() {
        transport.close();
        relay.close();
    }

    @Test
    void aTimedOutRequestIsRetriedAndTheThreadStaysUninterrupted() {
        relay.inject(FaultScript.of(Fault.STALL).on("ListQueues").stall(Duration.ofSeconds(1)).times(1));

        assertNotNull(transport.call("ListQueues", Map.of()));

        assertFalse(Thread.currentThread().isInterrupted());
        assertEquals(1, relay.injected(Fault.STALL));
    }

    @Test
    void aRequestThatTimesOutEveryTimeFailsNamingItWithoutInterruptingTheThread() {
        relay.inject(FaultScript.of(Fault.STALL).on("ListQueues").stall(Duration.ofSeconds(1)));

        QueueServiceException e = assertThrows(QueueServiceException.class,
                () -> SqsErrors.call("ListQueues", () -> transport.call("ListQueues", Map.of())));

        assertEquals(ErrorCodes.SERVICE_UNAVAILABLE, e.code());
        assertTrue(e.getMessage().contains("ListQueues failed"), e.getMessage());
        assertInstanceOf(SocketTimeoutException.class, e.getCause().getCause());
        assertFalse(Thread.interrupted(), "the caller's thread was left interrupted");
    }
}
