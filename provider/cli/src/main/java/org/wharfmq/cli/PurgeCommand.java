package org.wharfmq.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "purge", description = "Deletes every message of a queue; asks first unless --yes.",
        footer = {"", "Examples:",
                "  wharf purge orders-dlq --url wharf:derby:/var/lib/wharf",
                "  wharf purge orders-dlq --yes --pid 4242"})
final class PurgeCommand extends ConfirmedCommand {
    @Parameters(paramLabel = "<queue>", description = "The queue.")
    String queue;

    @Override
    int run(StoreConnection store) {
        confirm("purge every message of queue " + queue + " of store " + store.storeUrl());
        store.store().purgeQueue(queue);
        done(output, store, queue, "purged");
        return 0;
    }

    /** Prints that {@code queue} was {@code what} (purged, deleted, CREATED, ...). */
    static void done(OutputOptions output, StoreConnection store, String queue, String what) {
        if (output.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("store", store.storeUrl());
            doc.put("queue", queue);
            doc.put("result", what);
            output.printJson(doc);
        } else {
            output.println("queue " + queue + ": " + what);
        }
    }
}
