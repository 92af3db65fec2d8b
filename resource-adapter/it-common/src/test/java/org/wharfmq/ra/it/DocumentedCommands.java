package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The commands a deploy doc gives, for the tests that run them as written. */
public final class DocumentedCommands {
    private DocumentedCommands() {
    }

    /**
     * The commands of the first sh block after {@code heading} in {@code doc}: lines ending in
     * {@code \} joined to the next, empty lines and comments left out.
     */
    public static List<String> shBlock(Path doc, String heading) throws IOException {
        List<String> lines = Files.readAllLines(doc);
        int at = lines.indexOf(heading);
        assertTrue(at >= 0, "no '" + heading + "' in " + doc);
        int from = at + 1;
        while (!lines.get(from).equals("```sh")) {
            from++;
        }
        List<String> block = new ArrayList<>();
        StringBuilder command = new StringBuilder();
        for (int i = from + 1; !lines.get(i).equals("```"); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.endsWith("\\")) {
                command.append(line, 0, line.length() - 1);
                continue;
            }
            block.add(command.append(line).toString());
            command.setLength(0);
        }
        return block;
    }
}
