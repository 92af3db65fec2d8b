package org.wharfmq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import picocli.CommandLine;

/** Runs the tool in this JVM as its main would, with captured output, no console and an empty environment. */
final class Tool {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Tool() {
    }

    /** The exit code and what the tool printed. */
    record Result(int code, String out, String err) {
        /** Asserts the exit code, showing the output when it differs. */
        Result exits(int expected) {
            assertEquals(expected, code, () -> "exit code; out:\n" + out + "\nerr:\n" + err);
            return this;
        }

        JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + out, e);
            }
        }

        /** Everything printed. */
        String all() {
            return out + err;
        }
    }

    static Result run(String... args) {
        return run(Map.of(), "", args);
    }

    /** Runs with environment {@code env} and standard input {@code stdin}. */
    static Result run(Map<String, String> env, String stdin, String... args) {
        return run(Terminal.of(env, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8))), args);
    }

    static Result run(Terminal terminal, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = WharfCommand.commandLine(new WharfCommand(terminal));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    /** A terminal with no console, an empty environment, and {@code in} as standard input. */
    static Terminal terminal(InputStream in) {
        return Terminal.of(Map.of(), in);
    }
}
