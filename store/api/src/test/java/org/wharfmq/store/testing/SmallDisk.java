package org.wharfmq.store.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real small file system for disk-fault tests: a tmpfs the test mounts in a temporary directory
 * and unmounts on {@link #close}. Mounting needs root; {@link #mount} skips the calling test, with
 * the reason, where it cannot mount.
 */
public final class SmallDisk implements AutoCloseable {
    private final Path dir;

    private SmallDisk(Path dir) {
        this.dir = dir;
    }

    /** Mounts a tmpfs of {@code megabytes}, or skips the calling test saying why it cannot. */
    public static SmallDisk mount(int megabytes) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("wharf-small-disk");
        String why = run("mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs", dir.toString());
        if (why != null) {
            Files.delete(dir);
            System.out.println("Skipping a disk-fault test: cannot mount a tmpfs (" + why + ")");
            assumeTrue(false, "cannot mount a tmpfs: " + why);
        }
        return new SmallDisk(dir);
    }

    /** The mount point. */
    public Path dir() {
        return dir;
    }

    /**
     * Fills the disk with a ballast file until no more than {@code keepKilobytes} are free, and
     * returns the file; deleting it frees the space again.
     */
    public Path fill(long keepKilobytes) throws IOException {
        Path ballast = dir.resolve("ballast");
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(ballast)) {
            while (dir.toFile().getUsableSpace() > keepKilobytes * 1024 + block.length) {
                out.write(block);
            }
        }
        return ballast;
    }

    /** Remounts the file system read-only, as a disk that went read-only after an error does. */
    public void readOnly() throws IOException, InterruptedException {
        String why = run("mount", "-o", "remount,ro", dir.toString());
        if (why != null) {
            throw new IOException("cannot remount " + dir + " read-only: " + why);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        String why = run("umount", "-l", dir.toString());
        if (why != null) {
            throw new IOException("cannot unmount " + dir + ": " + why);
        }
        Files.delete(dir);
    }

    /** Runs a command; null if it succeeded, else its output and exit code. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return String.join(" ", command) + " did not finish in 30 s";
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        return p.exitValue() == 0 ? null : String.join(" ", command) + " exited " + p.exitValue() + ": " + out;
    }
}
