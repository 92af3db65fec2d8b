package org.wharfmq.cli;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wharfmq.jms.management.QueueRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "queues", description = "Lists the queues of the store with their depths and dead-letter queues.",
        footer = {"", "Examples:",
                "  wharf queues --url wharf:derby:/var/lib/wharf",
                "  wharf queues --pid 4242 --watch         (redraws every 2 s until Ctrl-C)",
                "  wharf queues --jmx $JMX --jmx-user ops -o json",
                "  (JMX=service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi)"})
final class QueuesCommand extends StoreCommand {
    @Option(names = "--watch", arity = "0..1", fallbackValue = "2", paramLabel = "<seconds>",
            description = "Redraw every <seconds> (2 when not given) until Ctrl-C.")
    Integer watch;

    @Override
    void check() {
        if (watch != null) {
            atLeast("--watch", watch, 1);
        }
    }

    @Override
    int run(StoreConnection store) throws InterruptedException {
        boolean clear = watch != null && terminal().console() != null && !output.json();
        while (true) {
            List<QueueRow> rows = store.store().listQueueRows();
            if (output.json()) {
                output.printJson(json(store, rows));
            } else {
                if (clear) {
                    output.out().print("\033[H\033[2J");
                }
                if (watch != null) {
                    output.println("store " + store.storeUrl() + " at " + Instant.now().truncatedTo(ChronoUnit.SECONDS)
                            + ", every " + watch + " s (Ctrl-C to stop)");
                }
                output.print(table(rows));
                if (rows.stream().anyMatch(QueueRow::isCounting)) {
                    output.println("+ the store, lately opened, is still counting the messages on disk: at least this many");
                }
                if (rows.isEmpty()) {
                    output.println("(no queues in store " + store.storeUrl() + ")");
                }
            }
            if (watch == null) {
                return 0;
            }
            try {
                Thread.sleep(watch * 1000L);
            } catch (InterruptedException e) {
                return 0;
            }
        }
    }

    static Table table(List<QueueRow> rows) {
        Table t = new Table("NAME", "VISIBLE", "IN FLIGHT", "DELAYED", "OLDEST AGE", "DLQ").alignRight(4);
        for (QueueRow r : rows) {
            t.row(r.getName(), r.isCounting() ? r.getVisible() + "+" : r.getVisible(), r.getNotVisible(), r.getDelayed(), Views.age(r.getOldestAgeSeconds()),
                    Views.orDash(r.getDeadLetterQueue()));
        }
        return t;
    }

    private static Map<String, Object> json(StoreConnection store, List<QueueRow> rows) {
        List<Map<String, Object>> queues = new ArrayList<>();
        for (QueueRow r : rows) {
            Map<String, Object> q = new LinkedHashMap<>();
            q.put("name", r.getName());
            q.put("fifo", r.isFifo());
            q.put("visible", r.getVisible());
            q.put("counting", r.isCounting());
            q.put("inFlight", r.getNotVisible());
            q.put("delayed", r.getDelayed());
            q.put("oldestAgeSeconds", r.getOldestAgeSeconds());
            q.put("deadLetterQueue", r.getDeadLetterQueue());
            q.put("maxReceiveCount", r.getMaxReceiveCount());
            queues.add(q);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("store", store.storeUrl());
        doc.put("queues", queues);
        return doc;
    }
}
