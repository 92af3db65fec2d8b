package org.wharfmq.boot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.wharfmq.jms.QueueDeclaration;

/**
 * Reads {@code wharf.queues} (keys {@code <queue>.<Attribute>}, the attribute after the last dot)
 * into declarations ordered so that a dead-letter queue a RedrivePolicy names comes before the
 * queues that name it.
 */
final class QueueDeclarations {

    private QueueDeclarations() {
    }

    static List<QueueDeclaration> parse(Map<String, String> flat) {
        Map<String, Map<String, String>> byQueue = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : flat.entrySet()) {
            String key = e.getKey();
            int dot = key.lastIndexOf('.');
            if (dot <= 0 || dot == key.length() - 1) {
                throw new IllegalArgumentException("wharf.queues." + key + "=" + e.getValue()
                        + " names no queue and attribute: write wharf.queues.<queue>.<Attribute>=<value>");
            }
            byQueue.computeIfAbsent(key.substring(0, dot), q -> new LinkedHashMap<>())
                    .put(key.substring(dot + 1), e.getValue());
        }
        Set<String> ordered = new LinkedHashSet<>();
        for (String queue : byQueue.keySet()) {
            visit(queue, byQueue, ordered, new ArrayList<>());
        }
        return ordered.stream().map(q -> new QueueDeclaration(q, byQueue.get(q))).toList();
    }

    /** Adds {@code queue} after the declared dead-letter queue it redrives to; {@code path} finds cycles. */
    private static void visit(String queue, Map<String, Map<String, String>> byQueue, Set<String> ordered,
            List<String> path) {
        if (ordered.contains(queue)) {
            return;
        }
        if (path.contains(queue)) {
            path.add(queue);
            throw new IllegalArgumentException("wharf.queues: the RedrivePolicies make a cycle: "
                    + String.join(" -> ", path.subList(path.indexOf(queue), path.size())));
        }
        path.add(queue);
        String deadLetter = new QueueDeclaration(queue, byQueue.get(queue)).deadLetterName();
        if (deadLetter != null && byQueue.containsKey(deadLetter)) {
            visit(deadLetter, byQueue, ordered, path);
        }
        path.remove(path.size() - 1);
        ordered.add(queue);
    }
}
