package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.MISSING_PARAMETER;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.UrlOptions;

/**
 * A parsed {@code wharf:sqs:<endpoint>?<options>} URL. Options: {@code region} (else taken from an
 * {@code sqs.<region>.amazonaws.com} host, or {@code ru-central1} on Yandex Cloud's host),
 * {@code accessKeyId} with {@code secretAccessKey}, or {@code profile}, else the AWS default
 * credentials chain; {@code prefix}, put before every queue name on the server; {@code protocol},
 * the wire protocol, {@code query} or {@code json} (by default Query on Yandex Cloud's host, which
 * documents only Query, and JSON elsewhere); {@code pace}, {@code ymq} to keep message requests within
 * Yandex Message Queue's per-queue quotas ({@link RequestPacer}) or {@code off} (by default {@code ymq}
 * on Yandex Cloud's host, else {@code off}); {@code s3Bucket}, a bucket for bodies over a queue's
 * MaximumMessageSize, which go there as the Extended Client's pointers ({@link LargePayloads}), with
 * {@code s3Endpoint} (by default Yandex Object Storage on Yandex Cloud's host, else Amazon S3 of the
 * region) and {@code s3Delete}, {@code on} to delete an object with its message (the default) or
 * {@code off}.
 */
public record SqsOptions(URI endpoint, String region, String accessKeyId, String secretAccessKey,
                         String profile, String prefix, Protocol protocol, boolean pace, LargePayloads.Bucket bucket) {
    public static final String SCHEME = "wharf:sqs:";

    /** The SQS API's two wire protocols. */
    public enum Protocol {
        /** Form-encoded requests and XML answers. */
        QUERY,
        /** The AWS JSON protocol, the only one of the AWS SDK for Java v2 since 2.21.19. */
        JSON
    }

    private static final Set<String> KNOWN = Set.of("region", "accessKeyId", "secretAccessKey", "profile", "prefix",
            "protocol", "pace", "s3Bucket", "s3Endpoint", "s3Delete");
    private static final Pattern AWS_HOST = Pattern.compile("sqs\\.([a-z0-9-]+)\\.amazonaws\\.com(\\.cn)?");
    private static final String YANDEX_HOST = "message-queue.api.cloud.yandex.net";
    private static final Pattern PREFIX = Pattern.compile("[A-Za-z0-9_-]{0,40}");
    private static final Pattern S3_BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    static SqsOptions parse(String given) {
        UrlOptions<QueueServiceException> parsed = UrlOptions.ofStore(given);
        String url = parsed.printable();
        String endpointText = parsed.base().substring(SCHEME.length());
        Map<String, String> options = options(parsed);
        URI endpoint;
        try {
            endpoint = new URI(endpointText);
        } catch (URISyntaxException e) {
            throw bad("the endpoint '" + endpointText + "' of store URL '" + url + "' is not a URI");
        }
        if (!("http".equals(endpoint.getScheme()) || "https".equals(endpoint.getScheme()))
                || endpoint.getHost() == null) {
            throw bad("the endpoint '" + endpointText + "' of store URL '" + url
                    + "' is not an http:// or https:// URL with a host");
        }
        String region = options.get("region");
        if (region == null) {
            Matcher m = AWS_HOST.matcher(endpoint.getHost());
            if (m.matches()) {
                region = m.group(1);
            } else if (YANDEX_HOST.equals(endpoint.getHost())) {
                region = "ru-central1";
            } else {
                throw new QueueServiceException(MISSING_PARAMETER, "store URL '" + url
                        + "' needs the option 'region' (for example ?region=ru-central1)");
            }
        }
        String key = options.get("accessKeyId");
        String secret = options.get("secretAccessKey");
        if ((key == null) != (secret == null)) {
            throw new QueueServiceException(MISSING_PARAMETER, "store URL '" + url + "' has option '"
                    + (key == null ? "secretAccessKey" : "accessKeyId") + "' without '"
                    + (key == null ? "accessKeyId" : "secretAccessKey") + "'");
        }
        String profile = options.get("profile");
        if (profile != null && key != null) {
            throw bad("store URL '" + url + "' has both option 'profile' and option 'accessKeyId'; give one");
        }
        String prefix = options.getOrDefault("prefix", "");
        if (!PREFIX.matcher(prefix).matches()) {
            throw bad("option 'prefix' of store URL '" + url + "' is '" + prefix
                    + "': it must be at most 40 characters of A-Z a-z 0-9 _ -");
        }
        return new SqsOptions(endpoint, region, key, secret, profile, prefix,
                protocol(options.get("protocol"), endpoint, url), pace(options.get("pace"), endpoint, url),
                bucket(options, endpoint, url));
    }

    private static LargePayloads.Bucket bucket(Map<String, String> options, URI endpoint, String url) {
        String name = options.get("s3Bucket");
        if (name == null) {
            for (String needs : new String[] {"s3Endpoint", "s3Delete"}) {
                if (options.containsKey(needs)) {
                    throw new QueueServiceException(MISSING_PARAMETER, "store URL '" + url + "' has option '"
                            + needs + "' without 's3Bucket'");
                }
            }
            return null;
        }
        if (!S3_BUCKET.matcher(name).matches()) {
            throw bad("option 's3Bucket' of store URL '" + url + "' is '" + name
                    + "': a bucket name is 3..63 characters of a-z 0-9 . -, starting and ending with a letter or digit");
        }
        String given = options.get("s3Endpoint");
        URI s3;
        try {
            s3 = given != null ? new URI(given)
                    : YANDEX_HOST.equals(endpoint.getHost()) ? new URI("https://storage.yandexcloud.net") : null;
        } catch (URISyntaxException e) {
            throw bad("option 's3Endpoint' of store URL '" + url + "' is '" + given + "', not a URI");
        }
        if (s3 != null && (!("http".equals(s3.getScheme()) || "https".equals(s3.getScheme())) || s3.getHost() == null)) {
            throw bad("option 's3Endpoint' of store URL '" + url + "' is '" + given
                    + "': it must be an http:// or https:// URL with a host");
        }
        String delete = options.getOrDefault("s3Delete", "on");
        if (!delete.equals("on") && !delete.equals("off")) {
            throw bad("option 's3Delete' of store URL '" + url + "' is '" + delete + "': it must be on or off");
        }
        return new LargePayloads.Bucket(name, s3, delete.equals("on"));
    }

    private static Protocol protocol(String given, URI endpoint, String url) {
        if (given == null) {
            return YANDEX_HOST.equals(endpoint.getHost()) ? Protocol.QUERY : Protocol.JSON;
        }
        return switch (given) {
            case "query" -> Protocol.QUERY;
            case "json" -> Protocol.JSON;
            default -> throw bad("option 'protocol' of store URL '" + url + "' is '" + given
                    + "': it must be query or json");
        };
    }

    private static boolean pace(String given, URI endpoint, String url) {
        if (given == null) {
            return YANDEX_HOST.equals(endpoint.getHost());
        }
        return switch (given) {
            case "ymq" -> true;
            case "off" -> false;
            default -> throw bad("option 'pace' of store URL '" + url + "' is '" + given + "': it must be ymq or off");
        };
    }

    /** The options, known, given once and URL-decoded; only {@code prefix} may be empty. */
    private static Map<String, String> options(UrlOptions<QueueServiceException> given) {
        given.requireKnown(KNOWN);
        given.requireDistinct();
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : given.all().entrySet()) {
            String name = e.getKey();
            String value = URLDecoder.decode(e.getValue(), StandardCharsets.UTF_8);
            if (value.isEmpty() && !name.equals("prefix")) {
                throw bad("option '" + name + "' of store URL '" + given.printable() + "' is empty");
            }
            out.put(name, value);
        }
        return out;
    }

    private static QueueServiceException bad(String message) {
        return new QueueServiceException(INVALID_PARAMETER_VALUE, message);
    }

    /** True if {@code endpoint} is an Amazon SQS host, {@code sqs.<region>.amazonaws.com}. */
    static boolean amazon(URI endpoint) {
        return endpoint.getHost() != null && AWS_HOST.matcher(endpoint.getHost()).matches();
    }

    /** The queue name on the server for Wharf's queue {@code name}. */
    String serverName(String name) {
        return prefix + name;
    }

    @Override
    public String toString() {
        return SCHEME + endpoint + " (region " + region + (prefix.isEmpty() ? "" : ", prefix " + prefix)
                + ", protocol " + protocol.name().toLowerCase(java.util.Locale.ROOT)
                + (bucket == null ? "" : ", large bodies in bucket " + bucket.name()) + ")";
    }
}
