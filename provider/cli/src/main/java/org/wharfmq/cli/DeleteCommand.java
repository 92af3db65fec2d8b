package org.wharfmq.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "delete", description = "Deletes a queue with its messages; asks first unless --yes.",
        footer = {"", "Examples:",
                "  wharf delete old-orders --url wharf:derby:/var/lib/wharf",
                "  wharf delete old-orders --yes --pid 4242"})
final class DeleteCommand extends ConfirmedCommand {
    @Parameters(paramLabel = "<queue>", description = "The queue.")
    String queue;

    @Override
    int run(StoreConnection store) {
        confirm("delete queue " + queue + " and its messages from store " + store.storeUrl());
        store.store().deleteQueue(queue);
        PurgeCommand.done(output, store, queue, "deleted");
        return 0;
    }
}
