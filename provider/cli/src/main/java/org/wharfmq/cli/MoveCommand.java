package org.wharfmq.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.wharfmq.jms.management.MoveTaskView;
import org.wharfmq.jms.management.StoreMXBean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "move", description = {"Moves the messages of a dead-letter queue back to their source queues, "
        + "or to --to, with a message move task; shows its progress on standard error until it ends.",
        "Exit code 1 when the task FAILED or was CANCELLED."},
        footer = {"", "Examples:",
                "  wharf move orders-dlq --pid 4242",
                "  wharf move orders-dlq --to orders-retry --rate 50 --url wharf:derby:/srv/wq",
                "  wharf move orders-dlq --no-wait --jmx $JMX --jmx-user ops",
                "  (JMX=service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi)"})
final class MoveCommand extends StoreCommand {
    private static final long POLL_MILLIS = 250;
    /** How long a started task may be missing from its source's list before the command gives up. */
    private static final long MISSING_MILLIS = TimeUnit.SECONDS.toMillis(10);
    private static final int BAR = 30;

    @Parameters(paramLabel = "<dlq>", description = "The dead-letter queue.")
    String source;

    @Option(names = "--to", paramLabel = "<queue>", description = "Move to this queue instead of each message's source.")
    String destination;

    @Option(names = "--rate", paramLabel = "<n>", defaultValue = "0",
            description = "At most n messages a second (default: ${DEFAULT-VALUE}, no limit).")
    int rate;

    @Option(names = "--no-wait", description = "Print the task handle and return; wharf tasks follows it.")
    boolean noWait;

    @Override
    void check() {
        atLeast("--rate", rate, 0);
        String url = storeOptions.url();
        if (noWait && url != null && !shared(url)) {
            throw ToolFailure.usage("--no-wait with --url " + Secrets.redact(url) + ": the task would run in this "
                    + "process and stop when it exits; use --pid or --jmx to reach the JVM that holds the store");
        }
    }

    @Override
    int run(StoreConnection store) {
        StoreMXBean mx = store.store();
        String handle = mx.startMessageMoveTask(source, destination == null ? "" : destination, rate);
        if (noWait) {
            if (output.json()) {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("store", store.storeUrl());
                doc.put("taskHandle", handle);
                output.printJson(doc);
            } else {
                output.println(handle);
            }
            return 0;
        }
        Thread notice = new Thread(() -> {
            err().println();
            err().println("wharf: move task " + handle + " goes on in the store: wharf tasks " + source
                    + " shows it, --cancel " + handle + " stops it");
            err().flush();
        });
        boolean remote = storeOptions.url() == null;
        if (remote) {
            Runtime.getRuntime().addShutdownHook(notice);
        }
        MoveTaskView task;
        try {
            task = follow(mx, handle);
        } finally {
            if (remote) {
                Runtime.getRuntime().removeShutdownHook(notice);
            }
        }
        if (output.json()) {
            output.printJson(Views.task(task));
        } else {
            output.println("task " + handle + " " + task.getStatus() + ": " + task.getApproximateNumberOfMessagesMoved()
                    + " message(s) moved from " + source + " to "
                    + (destination == null ? "their source queues" : destination));
        }
        return switch (task.getStatus()) {
            case "COMPLETED" -> 0;
            case "FAILED" -> fail("move task " + handle + " of queue " + source + " of store " + store.storeUrl()
                    + " FAILED: " + task.getFailureReason());
            default -> fail("move task " + handle + " of queue " + source + " of store " + store.storeUrl()
                    + " was " + task.getStatus() + " after moving " + task.getApproximateNumberOfMessagesMoved());
        };
    }

    private int fail(String message) {
        throw ToolFailure.refused(message);
    }

    /** Polls the task until it ends, drawing its progress on standard error. */
    private MoveTaskView follow(StoreMXBean mx, String handle) {
        PrintWriter err = err();
        long missingSince = System.nanoTime();
        String drawn = "";
        while (true) {
            Optional<MoveTaskView> found = mx.listMessageMoveTasks(source).stream()
                    .filter(t -> t.getTaskHandle().equals(handle)).findFirst();
            if (found.isPresent()) {
                MoveTaskView t = found.get();
                String line = bar(t.getApproximateNumberOfMessagesMoved(), t.getApproximateNumberOfMessagesToMove())
                        + " " + t.getStatus();
                if (!line.equals(drawn)) {
                    err.print("\r" + line);
                    err.flush();
                    drawn = line;
                }
                if (!t.getStatus().equals("RUNNING") && !t.getStatus().equals("CANCELLING")) {
                    err.println();
                    err.flush();
                    return t;
                }
                missingSince = System.nanoTime();
            } else if (System.nanoTime() - missingSince > TimeUnit.MILLISECONDS.toNanos(MISSING_MILLIS)) {
                throw ToolFailure.refused("move task " + handle + " of queue " + source
                        + " is no longer listed by the store");
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw ToolFailure.refused("interrupted while following move task " + handle);
            }
        }
    }

    /** {@code [#########.....] 45/100} */
    static String bar(long moved, long toMove) {
        int filled = toMove <= 0 ? BAR : (int) Math.min(BAR, moved * BAR / toMove);
        return "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + moved + "/" + Math.max(toMove, moved);
    }
}
