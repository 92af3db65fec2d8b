package org.wharfmq.store.sqs;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.RetryToken;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;
import software.amazon.awssdk.services.sqs.model.SqsException;

/**
 * One request of the SQS Query protocol: a form-encoded POST to the endpoint, signed with the SDK's
 * SigV4 signer, sent by the SDK's HTTP client and retried by the SDK's retry strategy; the answer
 * is the XML result element, an error the SDK's {@link SqsException} with the server's code.
 */
final class QueryTransport implements AutoCloseable {
    static final String VERSION = "2012-11-05";

    private final URI endpoint;
    private final String region;
    private final AwsCredentialsProvider credentials;
    private final SdkHttpClient http;
    private final RetryStrategy retries;
    private final AwsV4HttpSigner signer = AwsV4HttpSigner.create();
    private final ThreadLocal<DocumentBuilder> xml = ThreadLocal.withInitial(QueryTransport::secureParser);

    QueryTransport(URI endpoint, String region, AwsCredentialsProvider credentials, SdkHttpClient http,
                   RetryStrategy retries) {
        this.endpoint = endpoint;
        this.region = region;
        this.credentials = credentials;
        this.http = http;
        this.retries = retries;
    }

    /** Sends {@code action} with {@code form}'s parameters; the answer's {@code <action>Result}, or its root. */
    QueryAnswer call(String action, Map<String, String> form) {
        byte[] body = encode(action, form);
        RetryToken token = retries.acquireInitialToken(AcquireInitialTokenRequest.create(action)).token();
        while (true) {
            try {
                QueryAnswer answer = once(action, body);
                retries.recordSuccess(RecordSuccessRequest.create(token));
                return answer;
            } catch (AbortedException e) {
                throw e;
            } catch (SdkException e) {
                Duration delay;
                try {
                    var refreshed = retries.refreshRetryToken(RefreshRetryTokenRequest.builder()
                            .token(token).failure(e).build());
                    token = refreshed.token();
                    delay = refreshed.delay();
                } catch (TokenAcquisitionFailedException refused) {
                    throw e;
                }
                pause(delay);
            }
        }
    }

    private QueryAnswer once(String action, byte[] body) {
        SdkHttpRequest request = SdkHttpRequest.builder().method(SdkHttpMethod.POST).uri(endpoint)
                .putHeader("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
                .putHeader("User-Agent", "wharf-store-sqs query").build();
        SignedRequest signed = signer.sign(r -> r.identity(credentials.resolveCredentials()).request(request)
                .payload(ContentStreamProvider.fromByteArrayUnsafe(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "sqs")
                .putProperty(AwsV4HttpSigner.REGION_NAME, region));
        HttpExecuteResponse response;
        try {
            response = http.prepareRequest(HttpExecuteRequest.builder().request(signed.request())
                    .contentStreamProvider(signed.payload().orElse(null)).build()).call();
        } catch (SocketTimeoutException e) {
            // An InterruptedIOException too, but the server was slow, not the thread interrupted: retried as I/O.
            throw SdkClientException.create(action + " failed: " + e, e);
        } catch (InterruptedIOException e) {
            throw AbortedException.builder().message(action + " was interrupted").cause(e).build();
        } catch (IOException e) {
            throw SdkClientException.create(action + " failed: " + e, e);
        }
        int status = response.httpResponse().statusCode();
        Element root;
        try (InputStream in = response.responseBody().orElseThrow(
                () -> SdkClientException.create(action + ": HTTP " + status + " without a body"))) {
            root = xml.get().parse(in).getDocumentElement();
        } catch (IOException | SAXException e) {
            throw status >= 300 ? error(status, null, "HTTP " + status + " with no XML error: " + e, response)
                    : SdkClientException.create(action + ": the answer is not XML: " + e, e);
        }
        if (status >= 300 || root.getTagName().equals("ErrorResponse")) {
            QueryAnswer error = new QueryAnswer(root).child("Error");
            throw error(status, error == null ? null : error.text("Code"),
                    error == null ? null : error.text("Message"), response);
        }
        QueryAnswer result = new QueryAnswer(root).child(action + "Result");
        return result != null ? result : new QueryAnswer(root);
    }

    private static SqsException error(int status, String code, String message, HttpExecuteResponse response) {
        return (SqsException) SqsException.builder().statusCode(status).message(message)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage(message)
                        .serviceName("Sqs").sdkHttpResponse(response.httpResponse()).build())
                .build();
    }

    private static byte[] encode(String action, Map<String, String> form) {
        StringBuilder out = new StringBuilder("Action=").append(action).append("&Version=").append(VERSION);
        form.forEach((k, v) -> out.append('&').append(URLEncoder.encode(k, StandardCharsets.UTF_8))
                .append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void pause(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw AbortedException.builder().message("interrupted between retries").cause(e).build();
        }
    }

    /** A parser without DTDs or external entities; one per thread, as parsers are not thread-safe. */
    private static DocumentBuilder secureParser() {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        try {
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setExpandEntityReferences(false);
            return f.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser refuses secure processing", e);
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
