package org.wharfmq.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wharfmq.jms.management.MoveTaskView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "tasks", description = "Lists the message move tasks of a dead-letter queue, newest first, or cancels one.",
        footer = {"", "Examples:",
                "  wharf tasks orders-dlq --pid 4242",
                "  wharf tasks orders-dlq --cancel <task handle> --pid 4242"})
final class TasksCommand extends StoreCommand {
    @Parameters(paramLabel = "<dlq>", description = "The dead-letter queue.")
    String source;

    @Option(names = "--cancel", paramLabel = "<handle>", description = "Cancel this running task.")
    String cancel;

    @Override
    int run(StoreConnection store) {
        if (cancel != null) {
            long moved = store.store().cancelMessageMoveTask(cancel);
            if (output.json()) {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("store", store.storeUrl());
                doc.put("taskHandle", cancel);
                doc.put("approximateNumberOfMessagesMoved", moved);
                output.printJson(doc);
            } else {
                output.println("task " + cancel + " cancelled after moving " + moved + " message(s)");
            }
            return 0;
        }
        List<MoveTaskView> tasks = store.store().listMessageMoveTasks(source);
        if (output.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("store", store.storeUrl());
            doc.put("queue", source);
            doc.put("tasks", tasks.stream().map(Views::task).toList());
            output.printJson(doc);
            return 0;
        }
        Table t = new Table("HANDLE", "STATUS", "TO", "MOVED", "TO MOVE", "RATE", "STARTED", "FAILURE").alignRight(5);
        for (MoveTaskView v : tasks) {
            t.row(v.getTaskHandle(), v.getStatus(), v.getDestinationQueue().isEmpty() ? "(source)" : v.getDestinationQueue(),
                    v.getApproximateNumberOfMessagesMoved(), v.getApproximateNumberOfMessagesToMove(),
                    v.getMaxMessagesPerSecond() == 0 ? "-" : String.valueOf(v.getMaxMessagesPerSecond()),
                    Views.time(v.getStartedTimestamp()), Views.orDash(v.getFailureReason()));
        }
        output.print(t);
        if (tasks.isEmpty()) {
            String url = storeOptions.url();
            output.println("(no move tasks of queue " + source + " in store " + store.storeUrl()
                    + (url != null && !shared(url) ? "; this store keeps its tasks in the process that "
                    + "holds it, so --url shows only those of this command: use --pid or --jmx" : "") + ")");
        }
        return 0;
    }
}
