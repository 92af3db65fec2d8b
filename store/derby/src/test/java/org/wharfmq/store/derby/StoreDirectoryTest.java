package org.wharfmq.store.derby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.SendMessageRequest;

/** A new store's directory and every file Derby writes in it are its owner's alone; an existing one is left as it is. */
class StoreDirectoryTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void posix() {
        assumeTrue(Files.getFileAttributeView(tmp, PosixFileAttributeView.class) != null,
                "the file system has no POSIX permissions");
    }

    /** A store with a queue and a message, so that Derby has written its tables, log and properties. */
    private static void fill(Path store) {
        try (QueueService s = QueueServices.open("wharf:derby:" + store)) {
            String url = s.createQueue("orders", Map.of());
            s.sendMessage(SendMessageRequest.of(url, "secret order"));
        }
    }

    private static List<String> notOwnerOnly(Path root) throws IOException {
        List<String> open = new ArrayList<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
                if (perms.stream().anyMatch(x -> x.name().startsWith("GROUP") || x.name().startsWith("OTHERS"))) {
                    open.add(root.relativize(p) + " " + PosixFilePermissions.toString(perms));
                }
            }
        }
        return open;
    }

    @Test
    void aNewStoreDirectoryAndItsFilesAreOwnerOnly() throws IOException {
        Path store = tmp.resolve("a").resolve("store");
        fill(store);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store)));
        try (Stream<Path> files = Files.walk(store)) {
            assertTrue(files.filter(Files::isRegularFile).count() > 5, "Derby wrote files");
        }
        assertEquals(List.of(), notOwnerOnly(store));
    }

    @Test
    void anEmptyDirectoryIsReplacedByAnOwnerOnlyStore() throws IOException {
        Path store = Files.createDirectory(tmp.resolve("store"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        String warnings = stderrOf(() -> fill(store));
        assertEquals(List.of(), notOwnerOnly(store));
        assertTrue(warnings.contains(store + " (rwxr-xr-x)"), warnings);
    }

    @Test
    void anExistingStoreKeepsItsPermissionsWithAWarning() throws IOException {
        Path store = tmp.resolve("store");
        fill(store);
        Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rwxr-x---"));

        String warnings = stderrOf(() -> fill(store));

        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(store)));
        assertTrue(warnings.contains("store directory " + store + " is rwxr-x---"), warnings);
    }

    /** What {@code action} logged (slf4j-simple writes to System.err, looked up at each line). */
    private static String stderrOf(Runnable action) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(err);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
