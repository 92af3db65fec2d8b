package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;

class SqsOptionsTest {

    @Test
    void regionComesFromTheOptionOrTheHost() {
        assertEquals("eu-west-1", SqsOptions.parse("wharf:sqs:https://sqs.eu-west-1.amazonaws.com").region());
        assertEquals("ru-central1", SqsOptions.parse("wharf:sqs:https://message-queue.api.cloud.yandex.net").region());
        SqsOptions o = SqsOptions.parse("wharf:sqs:http://127.0.0.1:9324?region=elasticmq&accessKeyId=k"
                + "&secretAccessKey=s%2Fx&prefix=dev-");
        assertEquals("elasticmq", o.region());
        assertEquals("s/x", o.secretAccessKey());
        assertEquals("dev-orders", o.serverName("orders"));
    }

    @Test
    void theProtocolIsQueryOnYandexAndJsonElsewhereUnlessGiven() {
        assertEquals(SqsOptions.Protocol.QUERY,
                SqsOptions.parse("wharf:sqs:https://message-queue.api.cloud.yandex.net").protocol());
        assertEquals(SqsOptions.Protocol.JSON, SqsOptions.parse("wharf:sqs:https://sqs.eu-west-1.amazonaws.com").protocol());
        assertEquals(SqsOptions.Protocol.JSON,
                SqsOptions.parse("wharf:sqs:https://message-queue.api.cloud.yandex.net?protocol=json").protocol());
        assertEquals(SqsOptions.Protocol.QUERY,
                SqsOptions.parse("wharf:sqs:http://127.0.0.1:9324?region=r&protocol=query").protocol());
    }

    @Test
    void requestsArePacedToYmqsQuotasOnYandexUnlessTurnedOff() {
        assertTrue(SqsOptions.parse("wharf:sqs:https://message-queue.api.cloud.yandex.net").pace());
        assertTrue(!SqsOptions.parse("wharf:sqs:https://message-queue.api.cloud.yandex.net?pace=off").pace());
        assertTrue(!SqsOptions.parse("wharf:sqs:https://sqs.eu-west-1.amazonaws.com").pace());
        assertTrue(SqsOptions.parse("wharf:sqs:http://127.0.0.1:9324?region=r&pace=ymq").pace());
    }

    @Test
    void aBucketIsOnYandexObjectStorageOnYandexAndDeletedWithItsMessageUnlessGiven() {
        assertEquals(new LargePayloads.Bucket("large", java.net.URI.create("https://storage.yandexcloud.net"), true),
                SqsOptions.parse("wharf:sqs:https://message-queue.api.cloud.yandex.net?s3Bucket=large").bucket());
        assertEquals(new LargePayloads.Bucket("large", null, true),
                SqsOptions.parse("wharf:sqs:https://sqs.eu-west-1.amazonaws.com?s3Bucket=large").bucket());
        assertEquals(new LargePayloads.Bucket("large", java.net.URI.create("http://127.0.0.1:5000"), false),
                SqsOptions.parse("wharf:sqs:http://h?region=r&s3Bucket=large&s3Endpoint=http://127.0.0.1:5000"
                        + "&s3Delete=off").bucket());
        assertEquals(null, SqsOptions.parse("wharf:sqs:https://sqs.eu-west-1.amazonaws.com").bucket());
    }

    @Test
    void aFailedOpenDoesNotPrintTheSecret() {
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> QueueServices.open(
                "wharf:sqs:http://h?region=r&accessKeyId=k&secretAccessKey=TOPSECRET&colour=blue"));
        assertTrue(e.getMessage().contains("'colour'") && e.getMessage().contains("secretAccessKey=***"),
                e.getMessage());
        assertTrue(!e.getMessage().contains("TOPSECRET"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "wharf:sqs:http://127.0.0.1:9324                                   | MissingParameter      | 'region'",
        "wharf:sqs:http://h?region=r&colour=blue                           | InvalidParameterValue | 'colour'",
        "wharf:sqs:http://h?region=r&accessKeyId=k                         | MissingParameter      | 'secretAccessKey'",
        "wharf:sqs:http://h?region=r&secretAccessKey=s                     | MissingParameter      | 'accessKeyId'",
        "wharf:sqs:http://h?region=r&profile=p&accessKeyId=k&secretAccessKey=s | InvalidParameterValue | 'profile'",
        "wharf:sqs:http://h?region=r&prefix=a.b                            | InvalidParameterValue | 'a.b'",
        "wharf:sqs:http://h?region=r&protocol=xml                          | InvalidParameterValue | 'xml'",
        "wharf:sqs:http://h?region=r&pace=fast                             | InvalidParameterValue | 'fast'",
        "wharf:sqs:http://h?region=r&protocol=                             | InvalidParameterValue | 'protocol'",
        "wharf:sqs:http://h?region=                                        | InvalidParameterValue | 'region'",
        "wharf:sqs:http://h?region=r&region=s                              | InvalidParameterValue | 'region'",
        "wharf:sqs:ftp://h?region=r                                        | InvalidParameterValue | 'ftp://h'",
        "wharf:sqs:no host                                                 | InvalidParameterValue | 'no host'",
        "wharf:sqs:http://h?region=r&s3Bucket=Big_Bucket                   | InvalidParameterValue | 'Big_Bucket'",
        "wharf:sqs:http://h?region=r&s3Bucket=b1b&s3Endpoint=ftp://s3      | InvalidParameterValue | 'ftp://s3'",
        "wharf:sqs:http://h?region=r&s3Bucket=b1b&s3Delete=later           | InvalidParameterValue | 'later'",
        "wharf:sqs:http://h?region=r&s3Endpoint=http://s3                  | MissingParameter      | 's3Bucket'",
        "wharf:sqs:http://h?region=r&s3Delete=off                          | MissingParameter      | 's3Bucket'",
    })
    void aBadOrMissingOptionFailsTheOpenNamingIt(String url, String code, String named) {
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> QueueServices.open(url));
        assertEquals(code, e.code());
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }
}
