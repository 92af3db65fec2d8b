package org.wharfmq.ra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The adapter uses only the provider's public face (org.wharfmq.jms and its JMS types), never its internals. */
class PublicFaceOnlyTest {
    private static final List<String> INTERNALS = List.of("org.wharfmq.store", "org.wharfmq.jms.gateway",
            "org.wharfmq.jms.selector");

    @Test
    void noSourceOfTheAdapterNamesAProviderInternal() throws IOException {
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            List<String> offending = sources.filter(p -> p.toString().endsWith(".java"))
                    .filter(PublicFaceOnlyTest::namesAnInternal).map(Path::toString).sorted().toList();
            assertEquals(List.of(), offending, "sources naming " + INTERNALS);
        }
    }

    private static boolean namesAnInternal(Path source) {
        try {
            String text = Files.readString(source);
            return INTERNALS.stream().anyMatch(text::contains);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
