package dev.gpushare.server.internal;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A small JDBC connection pool: at most {@code size} connections, opened on demand, a broken one
 * dropped instead of returned. Enough for one service; no dependency for it.
 */
final class ConnectionPool implements AutoCloseable {
    /** How long a request waits for a free connection before it fails, in seconds. */
    static final int BORROW_TIMEOUT_S = 30;

    private final String url;
    private final Semaphore permits;
    private final BlockingQueue<Connection> idle;
    private volatile boolean closed;

    ConnectionPool(String url, int size) {
        this.url = url;
        this.permits = new Semaphore(size, true);
        this.idle = new ArrayBlockingQueue<>(size);
    }

    Connection borrow() throws SQLException {
        try {
            if (!permits.tryAcquire(BORROW_TIMEOUT_S, TimeUnit.SECONDS)) {
                throw new SQLException("no free database connection within " + BORROW_TIMEOUT_S + " s", "08001");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a database connection", "08001", e);
        }
        try {
            Connection c = idle.poll();
            if (c != null && !c.isClosed()) return c;
            c = DriverManager.getConnection(url);
            c.setAutoCommit(false);
            return c;
        } catch (SQLException | RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    /** Returns a connection; {@code broken} ones (after an I/O error) are closed instead. */
    void release(Connection c, boolean broken) {
        try {
            if (broken || closed) {
                closeQuietly(c);
            } else {
                try {
                    if (!c.getAutoCommit()) c.rollback(); // nothing left open for the next borrower
                    idle.add(c);
                } catch (SQLException e) {
                    closeQuietly(c);
                }
            }
        } finally {
            permits.release();
        }
    }

    @Override
    public void close() {
        closed = true;
        Connection c;
        while ((c = idle.poll()) != null) closeQuietly(c);
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // the connection is being dropped anyway
        }
    }
}
