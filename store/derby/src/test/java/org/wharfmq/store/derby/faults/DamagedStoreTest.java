package org.wharfmq.store.derby.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.testing.SmallDisk;

/** A store whose files were damaged or whose disk went read-only fails to open, saying where and what to do. */
class DamagedStoreTest {
    @TempDir
    Path tmp;

    /** A closed store in {@code dir} holding 20 messages in queue q. */
    private static String storeWithMessages(Path dir) {
        String url = "wharf:derby:" + dir;
        try (QueueService s = QueueServices.open(url)) {
            String q = s.createQueue("q", Map.of());
            for (int i = 0; i < 20; i++) {
                s.sendMessage(new SendMessageRequest(q, "m" + i, null, Map.of(), null, null));
            }
        }
        return url;
    }

    private static void truncate(Path file, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(length);
        }
    }

    private static void assertDamaged(String url, Path dir) {
        QueueServiceException e = assertThrows(QueueServiceException.class, () -> QueueServices.open(url));
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("is damaged") && e.getMessage().contains("restore the directory from a backup"),
                e.getMessage());
        assertEquals("ServiceUnavailable", e.code());
    }

    @Test
    void aTruncatedLogFileIsNamedAsDamage() throws IOException {
        Path dir = tmp.resolve("log-cut");
        String url = storeWithMessages(dir);
        truncate(dir.resolve("log").resolve("log1.dat"), 0);
        assertDamaged(url, dir);
    }

    @Test
    void aTruncatedDataFileIsNamedAsDamage() throws IOException {
        Path dir = tmp.resolve("data-cut");
        String url = storeWithMessages(dir);
        Path largest;
        try (Stream<Path> files = Files.list(dir.resolve("seg0"))) {
            largest = files.max(Comparator.comparingLong(p -> p.toFile().length())).orElseThrow();
        }
        truncate(largest, largest.toFile().length() / 2 + 100);
        assertDamaged(url, dir);
    }

    @Test
    void aReadOnlyDiskIsNamedWithWhatToDo() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(48)) {
            Path dir = disk.dir().resolve("store");
            String url = storeWithMessages(dir);
            disk.readOnly();
            QueueServiceException e = assertThrows(QueueServiceException.class, () -> QueueServices.open(url));
            assertTrue(e.getMessage().contains(dir.toString()) && e.getMessage().contains("read-only")
                    && e.getMessage().contains("make it writable"), e.getMessage());
            assertEquals(List.of(), List.of(e.getStackTrace()).stream()
                    .filter(f -> f.getClassName().startsWith("org.apache.derby")).toList(),
                    "the error is Wharf's, not Derby's");
        }
    }
}
