package org.wharfmq.interop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** The AWS CLI that property {@code wharf.interop.aws.<protocol>} names, with test credentials in its environment. */
final class AwsCli {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String aws;
    private final String endpoint;

    AwsCli(String protocol, String endpoint) {
        this.aws = System.getProperty("wharf.interop.aws." + protocol, "aws");
        this.endpoint = endpoint;
    }

    void send(String queueUrl, String body, String attributesJson) {
        run("send-message", "--queue-url", queueUrl, "--message-body", body, "--message-attributes", attributesJson);
    }

    /** One message or none, not deleted: the CLI's receive-message as it prints it. */
    JsonNode receive(String queueUrl) {
        String out = run("receive-message", "--queue-url", queueUrl, "--message-attribute-names", "All",
                "--attribute-names", "All", "--wait-time-seconds", "10");
        try {
            return out.isBlank() ? JSON.createObjectNode() : JSON.readTree(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String run(String... args) {
        List<String> command = new ArrayList<>(List.of(aws, "--endpoint-url", endpoint, "--region", SqsServer.REGION,
                "--output", "json", "sqs"));
        command.addAll(List.of(args));
        try {
            ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
            b.environment().put("AWS_ACCESS_KEY_ID", "x");
            b.environment().put("AWS_SECRET_ACCESS_KEY", "x");
            b.environment().put("AWS_PAGER", "");
            b.environment().put("AWS_CONFIG_FILE", "/dev/null");
            b.environment().put("AWS_SHARED_CREDENTIALS_FILE", "/dev/null");
            Process p = b.start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (!p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(aws + " sqs " + args[0] + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + aws + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
