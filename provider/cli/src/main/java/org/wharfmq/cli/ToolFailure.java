package org.wharfmq.cli;

/**
 * Why a command stopped, with the exit code it gives (docs/operations.md): {@link WharfCommand}
 * prints {@code wharf: <message>} on standard error and exits with {@link #exitCode()}.
 */
public final class ToolFailure extends RuntimeException {
    /** The store refused the operation: a bad queue, a permission, a missing capability. */
    public static final int REFUSED = 1;
    /** A usage error (picocli's own code for bad arguments). */
    public static final int USAGE = 2;
    /** The store cannot be reached: open failed, no such process, no Wharf store there, JMX failed. */
    public static final int UNREACHABLE = 3;
    /** A destructive command was not confirmed. */
    public static final int NOT_CONFIRMED = 4;

    private final int exitCode;

    public ToolFailure(int exitCode, String message) {
        this(exitCode, message, null);
    }

    public ToolFailure(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public static ToolFailure refused(String message) {
        return new ToolFailure(REFUSED, message);
    }

    public static ToolFailure usage(String message) {
        return new ToolFailure(USAGE, message);
    }

    public static ToolFailure unreachable(String message, Throwable cause) {
        return new ToolFailure(UNREACHABLE, message, cause);
    }

    public static ToolFailure notConfirmed(String message) {
        return new ToolFailure(NOT_CONFIRMED, message);
    }

    public int exitCode() {
        return exitCode;
    }
}
