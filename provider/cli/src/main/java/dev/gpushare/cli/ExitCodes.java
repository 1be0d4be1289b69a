package dev.gpushare.cli;

/**
 * The exit statuses of every {@code gpushare} command (CONTRACT.md §2). Scripts rely on them, so
 * they never change meaning.
 */
public final class ExitCodes {
    /** Done; for {@code validate} the spec is valid, for {@code place} every copy was placed. */
    public static final int OK = 0;
    /** The spec has problems (parse errors included); they were printed. */
    public static final int INVALID = 1;
    /** The command line was wrong, or a file is missing or unreadable. */
    public static final int USAGE = 2;
    /** The spec is valid but at least one copy could not be placed. */
    public static final int UNPLACED = 3;
    /** The backend failed or refused (unreachable, revision conflict, ...). */
    public static final int BACKEND = 4;
    /** A bug in gpushare (sysexits EX_SOFTWARE): "internal error" and a stack trace on stderr. */
    public static final int INTERNAL = 70;

    private ExitCodes() {}
}
