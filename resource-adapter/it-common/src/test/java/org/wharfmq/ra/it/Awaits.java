package org.wharfmq.ra.it;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for what an MDB does on its own threads. */
public final class Awaits {

    private Awaits() {
    }

    /** Returns once {@code done} holds; fails naming {@code what} after {@code limit}. */
    public static void until(BooleanSupplier done, Duration limit, String what) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + limit.toSeconds() + " s: " + what);
            }
            Thread.sleep(50);
        }
    }
}
