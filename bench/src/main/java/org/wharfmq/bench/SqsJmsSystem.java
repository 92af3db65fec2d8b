package org.wharfmq.bench;

import com.amazon.sqs.javamessaging.ProviderConfiguration;
import com.amazon.sqs.javamessaging.SQSConnectionFactory;
import jakarta.jms.ConnectionFactory;
import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The AWS SQS JMS library ({@code amazon-sqs-java-messaging-lib}) on an SqsClient with the HTTP
 * client Wharf's backend uses, prefetching {@link SqsScenario#PREFETCH} messages per consumer.
 */
final class SqsJmsSystem implements SqsSystem {
    static final String NAME = "sqs-jms";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean asyncSend() {
        return false;
    }

    @Override
    public Client open(String endpoint, String serverQueue, boolean ymq) {
        SqsClient client = client(endpoint);
        ConnectionFactory factory = new SQSConnectionFactory(new ProviderConfiguration()
                .withNumberOfMessagesToPrefetch(SqsScenario.PREFETCH), client);
        return new Client() {
            @Override
            public ConnectionFactory factory() {
                return factory;
            }

            @Override
            public String queue() {
                return serverQueue;
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }

    /**
     * An SqsClient on {@code endpoint} with ElasticMQ's region and any credentials, retrying as
     * Wharf's backend does (the SDK's standard strategy, 5 attempts): the YMQ-shaped relay throttles.
     */
    static SqsClient client(String endpoint) {
        return SqsClient.builder().endpointOverride(URI.create(endpoint)).region(Region.of("elasticmq"))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")))
                .httpClientBuilder(Apache5HttpClient.builder().maxConnections(64))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                        .maxAttempts(5).build()))
                .build();
    }
}
