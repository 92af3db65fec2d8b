package org.wharfmq.store.sqs;

import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The SDK client for a store's options, on the wire protocol they name: the SDK's own client for
 * JSON, {@link QuerySqsClient} for Query. Both use the Apache 5 HTTP client with up to 64
 * connections and the SDK's standard retries, 5 attempts.
 */
final class SqsClients {
    private SqsClients() {
    }

    static SqsClient open(SqsOptions options) {
        Apache5HttpClient.Builder http = Apache5HttpClient.builder().maxConnections(64)
                .socketTimeout(Duration.ofSeconds(30));
        RetryStrategy retries = AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(5).build();
        AwsCredentialsProvider credentials = credentials(options);
        if (options.protocol() == SqsOptions.Protocol.QUERY) {
            return new QuerySqsClient(new QueryTransport(options.endpoint(), options.region(), credentials,
                    http.build(), retries));
        }
        return SqsClient.builder()
                .endpointOverride(options.endpoint())
                .region(Region.of(options.region()))
                .credentialsProvider(credentials)
                .httpClientBuilder(http)
                .overrideConfiguration(c -> c.retryStrategy(retries))
                .build();
    }

    private static AwsCredentialsProvider credentials(SqsOptions o) {
        if (o.accessKeyId() != null) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(o.accessKeyId(), o.secretAccessKey()));
        }
        if (o.profile() != null) {
            return ProfileCredentialsProvider.create(o.profile());
        }
        return DefaultCredentialsProvider.builder().build();
    }
}
