package org.wharfmq.jms.face;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** JNDI, a neighbour of the provider inside it, uses only its public face, never the gateway or the selector. */
class JndiUsesThePublicFaceTest {
    private static final List<String> INTERNALS = List.of("org.wharfmq.store", "org.wharfmq.jms.gateway",
            "org.wharfmq.jms.selector");

    @Test
    void noSourceOfJndiNamesAProviderInternal() throws IOException {
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java/org/wharfmq/jms/jndi"))) {
            List<String> offending = sources.filter(p -> p.toString().endsWith(".java"))
                    .filter(JndiUsesThePublicFaceTest::namesAnInternal).map(Path::toString).sorted().toList();
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
