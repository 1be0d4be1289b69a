package dev.gpushare.cli;

/**
 * A mistake the user can fix (a missing file, a bad argument): {@code Main} prints the message,
 * which says what to change, without a stack trace, and exits with {@link #exitCode()}. Anything
 * else thrown by a command is a bug.
 */
public final class UserError extends RuntimeException {
    private final int exitCode;

    public UserError(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    /** A usage error or unreadable file: exit status {@link ExitCodes#USAGE}. */
    public static UserError usage(String message) {
        return new UserError(ExitCodes.USAGE, message);
    }

    public int exitCode() {
        return exitCode;
    }
}
