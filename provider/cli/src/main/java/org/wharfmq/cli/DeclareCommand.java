package org.wharfmq.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "declare", description = {"Creates a queue, or sets the attributes that differ on an existing one; "
        + "prints CREATED, UPDATED or UNCHANGED. Asks first unless --yes.",
        "Attributes take SQS names: VisibilityTimeout, DelaySeconds, MessageRetentionPeriod, RedrivePolicy, FifoQueue, ..."},
        footer = {"", "Examples:",
                "  wharf declare orders --url wharf:derby:/var/lib/wharf",
                "  wharf declare orders -a VisibilityTimeout=60 --yes --pid 4242",
                "  wharf declare orders --pid 4242 \\",
                "    -a 'RedrivePolicy={\"deadLetterTargetArn\":\"orders-dlq\",\"maxReceiveCount\":5}'"})
final class DeclareCommand extends ConfirmedCommand {
    @Parameters(paramLabel = "<queue>", description = "The queue.")
    String queue;

    @Option(names = {"-a", "--attribute"}, paramLabel = "<Attr=value>", description = "An attribute; repeat for more.")
    Map<String, String> attributes = new LinkedHashMap<>();

    @Override
    int run(StoreConnection store) {
        confirm("declare queue " + queue + " in store " + store.storeUrl() + (attributes.isEmpty() ? ""
                : " with " + attributes.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(", "))));
        String result = store.store().declareQueue(queue, attributes);
        PurgeCommand.done(output, store, queue, result);
        return 0;
    }
}
