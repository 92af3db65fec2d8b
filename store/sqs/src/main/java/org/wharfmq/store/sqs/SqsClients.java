package org.wharfmq.store.sqs;

import java.net.URI;
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
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.services.s3.S3Client;
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

    /**
     * The S3 client for the store's bucket, with the store's credentials and region; path-style
     * addressing and checksums only where required, as S3-compatible servers (Yandex Object
     * Storage, moto) take them.
     */
    static S3Client openS3(SqsOptions options) {
        var builder = S3Client.builder()
                .region(Region.of(options.region()))
                .credentialsProvider(credentials(options))
                .httpClientBuilder(Apache5HttpClient.builder().socketTimeout(Duration.ofSeconds(30)))
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        URI endpoint = options.bucket().endpoint();
        if (endpoint != null) {
            builder.endpointOverride(endpoint).forcePathStyle(true);
        }
        return builder.build();
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
