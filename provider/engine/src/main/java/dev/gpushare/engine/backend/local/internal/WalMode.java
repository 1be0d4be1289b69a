package dev.gpushare.engine.backend.local.internal;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Puts a state file in WAL mode. The mode is stored in the file, so only the connection that
 * first opens a new file changes it; every later one finds {@code wal} and changes nothing.
 *
 * <p>Switching to WAL needs the file to itself, and SQLite answers {@code SQLITE_BUSY} at once —
 * without calling the busy handler, so the connection's busy timeout does not help — when another
 * connection holds a lock on it at that moment. That is what several processes (or threads) that
 * open a brand-new file at the same instant meet (seen as a rare failure of the racing-applies
 * test: about 7 in 1,200 openings of a new file by four threads at once). So the switch is retried
 * here, for as long as a writer would wait for a lock.
 */
final class WalMode {
    /** The first pause between tries, doubled after each up to {@link #MAX_PAUSE_MS}. */
    static final int FIRST_PAUSE_MS = 1;
    static final int MAX_PAUSE_MS = 50;

    private WalMode() {}

    /** Sets {@code journal_mode=WAL} on {@code c}, retrying a busy file for up to {@code busyMs}. */
    static void enable(Connection c, int busyMs) throws SQLException {
        if ("wal".equalsIgnoreCase(query(c, "PRAGMA journal_mode"))) return;
        long deadline = System.nanoTime() + busyMs * 1_000_000L;
        int pause = FIRST_PAUSE_MS;
        while (true) {
            try {
                String mode = query(c, "PRAGMA journal_mode = WAL");
                if (!"wal".equalsIgnoreCase(mode)) {
                    throw new SQLException("SQLite kept the journal mode '" + mode + "' instead of WAL"
                            + " (the file system may not support the shared memory WAL needs)");
                }
                return;
            } catch (SQLiteException e) {
                if (!busy(e) || System.nanoTime() > deadline) throw e;
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while waiting to put the state file in WAL mode", e);
            }
            pause = Math.min(MAX_PAUSE_MS, pause * 2);
        }
    }

    private static boolean busy(SQLiteException e) {
        SQLiteErrorCode code = e.getResultCode();
        return code == SQLiteErrorCode.SQLITE_BUSY || code.name().startsWith("SQLITE_BUSY_")
                || code == SQLiteErrorCode.SQLITE_LOCKED;
    }

    private static String query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : "";
        }
    }
}
