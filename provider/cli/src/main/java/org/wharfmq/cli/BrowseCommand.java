package org.wharfmq.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wharfmq.jms.management.MessageView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "browse", description = {"Shows messages from the head of a queue and leaves them there: headers, "
        + "properties and the first 1,024 characters of the body.",
        "A backend without the Browsing capability (SQS) refuses."},
        footer = {"", "Examples:",
                "  wharf browse orders-dlq --url wharf:derby:/var/lib/wharf",
                "  wharf browse orders --max 50 --pid 4242 -o json"})
final class BrowseCommand extends StoreCommand {
    @Parameters(paramLabel = "<queue>", description = "The queue.")
    String queue;

    @Option(names = "--max", paramLabel = "<n>", defaultValue = "10",
            description = "At most this many messages (default: ${DEFAULT-VALUE}).")
    int max;

    @Override
    void check() {
        atLeast("--max", max, 1);
    }

    @Override
    int run(StoreConnection store) {
        List<MessageView> messages = store.store().browse(queue, max);
        if (output.json()) {
            output.printJson(messages(store, queue, messages));
        } else {
            Views.printMessages(output.out(), messages);
            output.println("(" + messages.size() + " message" + (messages.size() == 1 ? "" : "s")
                    + " of queue " + queue + ", left in place)");
        }
        return 0;
    }

    static Map<String, Object> messages(StoreConnection store, String queue, List<MessageView> messages) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("store", store.storeUrl());
        doc.put("queue", queue);
        doc.put("messages", messages.stream().map(Views::message).toList());
        return doc;
    }
}
