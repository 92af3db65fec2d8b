package org.wharfmq.cli;

import java.util.List;
import org.wharfmq.jms.management.MessageView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "receive", description = "Receives messages from a queue, prints them and deletes them from the queue.",
        footer = {"", "Examples:",
                "  wharf receive orders --url wharf:derby:/var/lib/wharf",
                "  wharf receive orders --max 10 --wait 20 --pid 4242 -o json"})
final class ReceiveCommand extends StoreCommand {
    @Parameters(paramLabel = "<queue>", description = "The queue.")
    String queue;

    @Option(names = "--max", paramLabel = "<n>", defaultValue = "1",
            description = "At most this many messages (default: ${DEFAULT-VALUE}).")
    int max;

    @Option(names = "--wait", paramLabel = "<seconds>", defaultValue = "0",
            description = "Wait at most this long for the first message (default: ${DEFAULT-VALUE}).")
    int wait;

    @Override
    void check() {
        atLeast("--max", max, 1);
        atLeast("--wait", wait, 0);
    }

    @Override
    int run(StoreConnection store) {
        List<MessageView> messages = store.store().receive(queue, max, wait);
        if (output.json()) {
            output.printJson(BrowseCommand.messages(store, queue, messages));
        } else {
            Views.printMessages(output.out(), messages);
            output.println("(" + messages.size() + " message" + (messages.size() == 1 ? "" : "s")
                    + " received from queue " + queue + " and deleted)");
        }
        return 0;
    }
}
