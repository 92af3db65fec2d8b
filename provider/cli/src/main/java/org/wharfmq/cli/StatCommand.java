package org.wharfmq.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "stat", description = "Shows every metric of a queue (-1: the backend cannot give it) and its attributes.",
        footer = {"", "Examples:",
                "  wharf stat orders --url wharf:derby:/var/lib/wharf",
                "  wharf stat orders --pid 4242 -o json"})
final class StatCommand extends StoreCommand {
    @Parameters(paramLabel = "<queue>", description = "The queue.")
    String queue;

    @Override
    int run(StoreConnection store) {
        Map<String, Long> statistics = new TreeMap<>(store.store().queueStatistics(queue));
        Map<String, String> attributes = new TreeMap<>(store.store().queueAttributes(queue));
        if (output.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("store", store.storeUrl());
            doc.put("queue", queue);
            doc.put("statistics", statistics);
            doc.put("attributes", attributes);
            output.printJson(doc);
            return 0;
        }
        output.println("queue " + queue + " of store " + store.storeUrl());
        Table metrics = new Table("METRIC", "VALUE");
        statistics.forEach((k, v) -> metrics.row(k, v < 0 ? null : v));
        output.print(metrics);
        output.println("");
        Table attrs = new Table("ATTRIBUTE", "VALUE");
        attributes.forEach(attrs::row);
        output.print(attrs);
        return 0;
    }
}
