package org.wharfmq.store.derby.disk;

import java.io.EOFException;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/**
 * What a Derby failure means for the user of store {@code dir}, in one sentence that says what to
 * do, instead of Derby's chain of exceptions.
 */
public final class Faults {
    enum Kind { DISK_FULL, IN_USE, READ_ONLY, DAMAGED, CONNECTION_LOST, OTHER }

    private Faults() {
    }

    /** The kind of {@code failure}, from the SQL states and I/O errors in its chain. */
    static Kind kind(Throwable failure) {
        boolean damaged = false;
        boolean lost = false;
        for (Throwable t : chain(failure)) {
            String state = t instanceof SQLException s && s.getSQLState() != null ? s.getSQLState() : "";
            String message = String.valueOf(t.getMessage());
            if (t instanceof IOException && message.contains("No space left")
                    || state.equals("XSDG1") || state.startsWith("XSLA4")) {
                return Kind.DISK_FULL;
            }
            if (state.equals("XSDB6")) {
                return Kind.IN_USE;
            }
            if (state.equals("25502") || state.equals("XSDB8") || message.contains("Read-only file system")) {
                return Kind.READ_ONLY;
            }
            damaged |= t instanceof EOFException || state.startsWith("XSDG") || state.startsWith("XSLA")
                    || state.startsWith("XSLB") || state.startsWith("XSDB");
            lost |= state.startsWith("08");
        }
        return damaged ? Kind.DAMAGED : lost ? Kind.CONNECTION_LOST : Kind.OTHER;
    }

    /** True if an exception in {@code failure}'s chain has SQL state {@code state}. */
    static boolean hasState(Throwable failure, String state) {
        for (Throwable t : chain(failure)) {
            if (t instanceof SQLException s && state.equals(s.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** {@code failure} of {@code doing} ("open", "write") on the store in {@code dir}, told plainly. */
    public static QueueServiceException of(String dir, String doing, Throwable failure) {
        Kind kind = kind(failure);
        String why = switch (kind) {
            case DISK_FULL -> "the disk of store " + dir + " is full (" + root(failure)
                    + "); free space there: the store goes on by itself once there is room";
            case IN_USE -> "store " + dir + " is open in another process: one process at a time may open an"
                    + " embedded store; stop the other one, or give this one its own directory";
            case READ_ONLY -> "store " + dir + " is on a read-only file system or directory: the store writes"
                    + " every change there; make it writable";
            case DAMAGED -> "store " + dir + " is damaged (" + root(failure) + "): restore the directory from a"
                    + " backup, or move it aside to start an empty store there";
            case CONNECTION_LOST -> "store " + dir + " lost its database after a failed write (" + root(failure)
                    + "); it reopens it at the next change";
            case OTHER -> "cannot " + doing + " store " + dir + ": " + root(failure);
        };
        String code = kind == Kind.OTHER && doing.equals("write") ? ErrorCodes.INTERNAL_FAILURE
                : ErrorCodes.SERVICE_UNAVAILABLE;
        return new QueueServiceException(code, why, false, failure);
    }

    /** The innermost message of {@code failure}'s chain: the one that says what really happened. */
    private static String root(Throwable failure) {
        List<Throwable> all = chain(failure);
        Throwable last = all.get(all.size() - 1);
        for (Throwable t : all) {
            if (t instanceof IOException && t.getMessage() != null) {
                last = t;
                break;
            }
        }
        return last.getMessage() != null ? last.getMessage() : last.getClass().getSimpleName();
    }

    /** Causes and SQL next-exceptions, in order, without repeats. */
    private static List<Throwable> chain(Throwable failure) {
        List<Throwable> out = new ArrayList<>();
        List<Throwable> todo = new ArrayList<>(List.of(failure));
        while (!todo.isEmpty() && out.size() < 50) {
            Throwable t = todo.remove(0);
            if (t == null || out.contains(t)) {
                continue;
            }
            out.add(t);
            todo.add(t.getCause());
            if (t instanceof SQLException s) {
                todo.add(s.getNextException());
            }
        }
        return out;
    }
}
