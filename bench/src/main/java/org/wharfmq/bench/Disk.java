package org.wharfmq.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The disk itself: 1 KiB appends, each followed by {@code FileChannel.force}, from 1 or more threads.
 * Public for S11 ({@code resource-adapter/bench-wildfly}), which gives the same rates.
 */
public final class Disk {
    private Disk() {
    }

    /** Appends per second over {@code nanos}, each thread on a file of its own in {@code dir}. */
    public static double fsyncsPerSecond(Path dir, int threads, long nanos) throws Exception {
        Files.createDirectories(dir);
        AtomicLong count = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        long start = System.nanoTime();
        long end = start + nanos;
        for (int t = 0; t < threads; t++) {
            Path file = dir.resolve("append-" + t);
            Thread w = new Thread(() -> {
                try {
                    count.addAndGet(append(file, end));
                } catch (IOException e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        double rate = count.get() / ((System.nanoTime() - start) / 1e9);
        for (int t = 0; t < threads; t++) {
            Files.deleteIfExists(dir.resolve("append-" + t));
        }
        return rate;
    }

    private static long append(Path file, long end) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(1024);
        long n = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            while (System.nanoTime() < end) {
                block.clear();
                ch.write(block);
                ch.force(false);
                n++;
            }
        }
        return n;
    }
}
