package org.wharfmq.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "send", description = {"Sends a text message to a queue and prints its JMSMessageID.",
        "The body is the <body> argument, the content of --file, or else standard input."},
        footer = {"", "Examples:",
                "  wharf send orders '{\"id\": 1}' --url wharf:derby:/var/lib/wharf",
                "  wharf send orders.fifo --file order.json --group c7 --dedup-id o1 --pid 4242",
                "  echo hello | wharf send orders -p source=cli -p priority=high --delay 30 --pid 4242"})
final class SendCommand extends StoreCommand {
    /** The property that carries the FIFO group. */
    static final String GROUP_PROPERTY = "JMSXGroupID";
    /** The property that carries the deduplication id. */
    static final String DEDUP_PROPERTY = "JMS_Wharf_DeduplicationId";

    @Parameters(index = "0", paramLabel = "<queue>", description = "The queue.")
    String queue;

    @Parameters(index = "1", arity = "0..1", paramLabel = "<body>", description = "The text of the message.")
    String body;

    @Option(names = "--file", paramLabel = "<file>", description = "Read the body from this file (UTF-8).")
    Path file;

    @Option(names = {"-p", "--property"}, paramLabel = "<key=value>",
            description = "A string property of the message; repeat for more.")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--group", paramLabel = "<group>", description = "The message group (JMSXGroupID): FIFO queues.")
    String group;

    @Option(names = "--dedup-id", paramLabel = "<id>",
            description = "The deduplication id (JMS_Wharf_DeduplicationId): FIFO queues.")
    String dedupId;

    @Option(names = "--delay", paramLabel = "<seconds>", defaultValue = "0",
            description = "Deliver after this many seconds (default: ${DEFAULT-VALUE}).")
    int delay;

    @Override
    void check() {
        atLeast("--delay", delay, 0);
        if (body != null && file != null) {
            throw ToolFailure.usage("give the body as an argument or with --file " + file + ", not both");
        }
        if (group != null && properties.containsKey(GROUP_PROPERTY)) {
            throw ToolFailure.usage("--group " + group + " and -p " + GROUP_PROPERTY + "=...: give it once");
        }
        if (dedupId != null && properties.containsKey(DEDUP_PROPERTY)) {
            throw ToolFailure.usage("--dedup-id " + dedupId + " and -p " + DEDUP_PROPERTY + "=...: give it once");
        }
        if (file != null && !Files.isReadable(file)) {
            throw ToolFailure.usage("--file " + file + ": no such readable file");
        }
    }

    @Override
    int run(StoreConnection store) throws IOException {
        String text = body != null ? body
                : file != null ? Files.readString(file, StandardCharsets.UTF_8)
                : new String(terminal().in().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> props = new LinkedHashMap<>(properties);
        if (group != null) {
            props.put(GROUP_PROPERTY, group);
        }
        if (dedupId != null) {
            props.put(DEDUP_PROPERTY, dedupId);
        }
        String id = store.store().send(queue, text, props, TimeUnit.SECONDS.toMillis(delay));
        if (output.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("store", store.storeUrl());
            doc.put("queue", queue);
            doc.put("messageId", id);
            output.printJson(doc);
        } else {
            output.println(id);
        }
        return 0;
    }
}
