package org.wharfmq.cli;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.wharfmq.cli.console.ConsoleServer;
import org.wharfmq.cli.console.Guard;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wharf console}: the web console of a store on 127.0.0.1, until Ctrl-C. */
@Command(name = "console",
        description = {"Serves a web console of the store on 127.0.0.1 until Ctrl-C: its queues live, a chart "
                + "of a queue's depth and rates, the dead-letter queues with message previews, and purge, "
                + "declare and move, each confirmed in the page. It prints the console's URL."},
        footer = {"", "Examples:",
                "  wharf console --url wharf:derby:/var/lib/wharf",
                "  wharf console --pid 4242 --port 8642",
                "  WHARF_CONSOLE_PASSWORD=... wharf console --jmx service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi "
                        + "--jmx-user ops --user ops",
                "", "The page loads nothing from the network; see docs/console.md."})
public final class ConsoleCommand implements Callable<Integer> {
    /** The environment variable that holds the password of {@code --user}. */
    public static final String PASSWORD_ENV = "WHARF_CONSOLE_PASSWORD";

    @Mixin
    StoreOptions store;

    @Mixin
    OutputOptions output;

    @Option(names = "--port", paramLabel = "<port>", defaultValue = "0",
            description = "The port on 127.0.0.1 (default 0: a free one).")
    int port;

    @Option(names = "--user", paramLabel = "<user>",
            description = "Ask every request for this user (HTTP Basic); the password comes from env "
                    + PASSWORD_ENV + " or a prompt.")
    String user;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (port < 0 || port > 65535) {
            throw ToolFailure.usage("--port " + port + ": use 0 (a free port) to 65535");
        }
        Guard guard = guard();
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.countDown();
            try {
                stopped.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "wharf-console-stop");
        try (StoreConnection connection = store.connect();
             ConsoleServer server = start(connection, guard)) {
            announce(server, connection);
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                stop.await();
            } catch (InterruptedException e) {
                // Interrupting the command's thread stops the console as Ctrl-C does.
            } finally {
                removeHook(hook);
            }
        } finally {
            stopped.countDown();
        }
        return 0;
    }

    private Guard guard() {
        if (user == null) {
            return new Guard(null, null);
        }
        String env = Terminal.of(spec).getenv(PASSWORD_ENV);
        char[] password = env != null ? env.toCharArray()
                : Terminal.of(spec).readPassword("Console password of " + user + ": ");
        if (password == null || password.length == 0) {
            throw ToolFailure.usage("--user " + user + " needs a password: set " + PASSWORD_ENV + " or run on a console");
        }
        try {
            return new Guard(user, password);
        } catch (IllegalArgumentException e) {
            throw ToolFailure.usage("--user: " + e.getMessage());
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    private ConsoleServer start(StoreConnection connection, Guard guard) {
        ConsoleServer server = new ConsoleServer(connection.store(), connection.storeUrl(), port, guard, Secrets::redact);
        try {
            return server.start();
        } catch (IOException e) {
            server.close();
            throw ToolFailure.usage(e.getMessage() + "; choose another --port, or 0 for a free one");
        }
    }

    private void announce(ConsoleServer server, StoreConnection connection) {
        if (output.json()) {
            Map<String, Object> started = new LinkedHashMap<>();
            started.put("url", server.url().toString());
            started.put("store", connection.storeUrl());
            started.put("user", user == null ? "" : user);
            output.printJson(started);
        } else {
            output.println("Wharf console of store " + connection.storeUrl() + ": " + server.url()
                    + (user == null ? "" : " (user " + user + ")"));
            output.println("Ctrl-C stops it.");
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running: it waits for this thread to close the console.
        }
    }
}
