package org.wharfmq.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app in a JVM of its own, stopped as a service manager stops it: SIGTERM once its listeners
 * process orders. Its output is printed here and kept in target/sigterm-transcript.txt.
 */
@EnabledOnOs({ OS.LINUX, OS.MAC })
class SigtermTest {
    /** What a JVM ends with after SIGTERM when its shutdown hooks ran: 128 + 15. */
    private static final int SIGTERM_EXIT = 143;

    @TempDir
    Path store;

    @Test
    void sigtermStopsTheAppWithoutWarningsOrStackTraces() throws Exception {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process app = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classpath, OrdersApplication.class.getName(), "--wharf.url=wharf:derby:" + store)
                .redirectErrorStream(true).start();
        List<String> output = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> copy(app, output), "sigterm-test-output");
        reader.start();
        try {
            await().atMost(Duration.ofSeconds(120))
                    .until(() -> count(output, "Processed order") >= 9 || !app.isAlive());
            assertThat(app.isAlive()).as("the app is still running").isTrue();

            // SIGTERM through the handle: Process.destroy() sends the same but closes our end of the output.
            assertThat(app.toHandle().destroy()).isTrue();
            assertThat(app.waitFor(60, TimeUnit.SECONDS)).as("the app exits within 60 s of SIGTERM").isTrue();
        } finally {
            if (app.isAlive()) {
                app.destroyForcibly();
            }
            reader.join(10_000);
            Files.createDirectories(Path.of("target"));
            Files.write(Path.of("target", "sigterm-transcript.txt"), output);
        }
        assertThat(app.exitValue()).isEqualTo(SIGTERM_EXIT);
        assertThat(output).anyMatch(line -> line.contains("Orders app stopping"));
        assertThat(output).noneMatch(line -> line.contains("WARN") || line.contains("ERROR"));
        assertThat(output).noneMatch(line -> line.startsWith("\tat ") || line.contains("Exception"));
    }

    private static long count(List<String> output, String text) {
        return output.stream().filter(line -> line.contains(text)).count();
    }

    /** Copies the app's output into {@code output} and onto this test's log, line by line. */
    private static void copy(Process app, List<String> output) {
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                output.add(line);
                System.out.println("[app] " + line);
            }
        } catch (IOException e) {
            output.add("(output cut: " + e + ")");
        }
    }
}
