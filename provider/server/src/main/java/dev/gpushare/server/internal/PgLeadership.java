package dev.gpushare.server.internal;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * {@link Leadership} as a PostgreSQL session advisory lock ({@code pg_try_advisory_lock}) on a
 * connection of its own. A killed holder's connection closes, the database drops its lock, and the
 * next {@link #lead()} of another server takes it. While held, every {@link #lead()} checks that the
 * connection still answers: a holder cut off from the database stops leading at once (and its
 * writes, which name revisions, could not overwrite the new leader's anyway).
 */
final class PgLeadership implements Leadership {
    /** The lock's key: "gpushare reconcile" as a 64-bit number, one for every gpushare database. */
    static final long KEY = 0x6770_7573_6861_7265L;

    private final String url;
    private Connection connection;
    private boolean held;

    PgLeadership(String url) {
        this.url = url;
    }

    @Override
    public synchronized boolean lead() {
        try {
            if (held && connection != null && connection.isValid(2)) return true;
            drop();
            connection = DriverManager.getConnection(url);
            try (PreparedStatement ps = connection.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
                ps.setLong(1, KEY);
                try (ResultSet rs = ps.executeQuery()) {
                    held = rs.next() && rs.getBoolean(1);
                }
            }
            if (!held) drop();
            return held;
        } catch (SQLException e) {
            drop();
            return false;
        }
    }

    private void drop() {
        held = false;
        if (connection != null) {
            try {
                connection.close(); // the lock, if held, goes with the session
            } catch (SQLException ignored) {
                // already broken
            }
            connection = null;
        }
    }

    @Override
    public synchronized void close() {
        drop();
    }
}
