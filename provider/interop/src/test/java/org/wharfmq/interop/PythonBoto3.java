package org.wharfmq.interop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** boto3 of one Python interpreter, one call a process, through interop/sqs_client.py. */
final class PythonBoto3 {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String python;
    private final String endpoint;

    /** boto3 of the interpreter that property {@code wharf.interop.python.<protocol>} names. */
    PythonBoto3(String protocol, String endpoint) {
        this.python = System.getProperty("wharf.interop.python." + protocol, "python3");
        this.endpoint = endpoint;
    }

    String protocol() {
        return call("protocol", Map.of()).asText();
    }

    String createQueue(String name, Map<String, String> attributes) {
        return call("create", Map.of("QueueName", name, "Attributes", attributes)).asText();
    }

    String send(Map<String, Object> request) {
        return call("send", request).asText();
    }

    /** Up to {@code count} messages, deleted, waiting at most 10 s a poll. */
    List<JsonNode> receive(String queueUrl, int count) {
        List<JsonNode> out = new ArrayList<>();
        call("receive", Map.of("QueueUrl", queueUrl, "count", count, "wait", 10)).forEach(out::add);
        return out;
    }

    /** A MessageAttributes entry of a request. */
    static Map<String, String> attribute(String type, String value) {
        return Map.of("DataType", type, "StringValue", value);
    }

    private JsonNode call(String command, Map<String, ?> args) {
        try {
            return JSON.readTree(run(List.of(python, script().toString(), endpoint, command,
                    JSON.writeValueAsString(args))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command.subList(0, Math.min(3, command.size())))
                        + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static Path script;

    private static synchronized Path script() throws IOException {
        if (script == null) {
            Path p = Files.createTempFile("wharf-sqs-client", ".py");
            p.toFile().deleteOnExit();
            try (InputStream in = PythonBoto3.class.getResourceAsStream("/interop/sqs_client.py")) {
                Files.write(p, in.readAllBytes());
            }
            script = p;
        }
        return script;
    }
}
