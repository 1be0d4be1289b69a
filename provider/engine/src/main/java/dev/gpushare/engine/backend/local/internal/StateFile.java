package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Supplier;
import org.sqlite.SQLiteConfig;

/**
 * The local backend's SQLite file: its one connection (opened on first use, read-only where the
 * file cannot be written), its transactions and what a failure says to the user. Every read and
 * write of the backend is one {@link #read} or {@link #write}: begun, ended and rolled back on a
 * failure here, in one place.
 *
 * <p>Durability: WAL journal with {@code synchronous=FULL}. A write is a {@code BEGIN IMMEDIATE}
 * transaction (one writer at a time across processes; others wait up to the busy timeout); a read
 * is a {@code BEGIN DEFERRED} one (one consistent WAL snapshot, writers not blocked).
 */
public final class StateFile implements AutoCloseable {
    /** How long a writer waits for another process's transaction, in milliseconds. */
    public static final int BUSY_TIMEOUT_MS = 30_000;

    private final Path file;
    private Connection connection;
    private boolean readOnly;
    /** {@code PRAGMA data_version}, prepared once per connection (see {@link #dataVersion}). */
    private PreparedStatement dataVersion;

    public StateFile(Path file) {
        this.file = file;
    }

    /** The work of one transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Tx tx) throws SQLException;
    }

    /** One transaction: its connection, and whether it commits when its work returns. */
    public static final class Tx {
        private final Connection connection;
        private boolean commit = true;

        Tx(Connection connection) {
            this.connection = connection;
        }

        public Connection connection() {
            return connection;
        }

        /** Ends the transaction with a rollback: nothing of it is written (a conflict, a refusal). */
        public void writeNothing() {
            commit = false;
        }
    }

    /** A store failure inside a callback that cannot throw {@link SQLException}, carried out of it. */
    public static final class RowFailure extends RuntimeException {
        public RowFailure(SQLException cause) {
            super(cause);
        }

        @Override
        public synchronized SQLException getCause() {
            return (SQLException) super.getCause();
        }
    }

    public String describe() {
        return "file:" + file;
    }

    /** True when the file exists (or is open): a read of a file that does not exist answers empty. */
    public boolean present() {
        return connection(false) != null;
    }

    /** True when the file is open read-only (its folder or file cannot be written here). */
    public boolean readOnly() {
        return readOnly;
    }

    /**
     * {@code work} in a read transaction; {@code absent} answers when there is no file (nothing
     * is created by a read).
     */
    public <T> T read(String what, Work<T> work, Supplier<T> absent) {
        Connection c = connection(false);
        if (c == null) return absent.get();
        return run(c, false, what, work);
    }

    /** {@code work} in a write transaction (creating the file and its folder when needed). */
    public <T> T write(String what, Work<T> work) {
        return run(connection(true), true, what, work);
    }

    /**
     * {@code work} in a write transaction that waits at most {@code busyMs} for another writer;
     * false when it could not run (busy, read-only, any failure): for writes that are an
     * optimisation only (the stored snapshot).
     */
    public boolean tryWrite(int busyMs, Work<?> work) {
        if (connection == null || readOnly) return false;
        try (Statement st = connection.createStatement()) {
            st.execute("PRAGMA busy_timeout = " + busyMs);
            try {
                begin(connection, true);
                Tx tx = new Tx(connection);
                work.run(tx);
                end(connection, tx.commit);
                return true;
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(connection);
                return false;
            } finally {
                st.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
            }
        } catch (SQLException e) {
            return false;
        }
    }

    /**
     * SQLite's {@code PRAGMA data_version} of this connection: the same number while no other
     * connection (of this process or another) committed to the file, another one once one did;
     * this connection's own commits do not change it. One statement outside any transaction, no
     * row read. -1 while there is no file.
     */
    public long dataVersion() {
        Connection c = connection(false);
        if (c == null) return -1;
        try {
            if (dataVersion == null) dataVersion = c.prepareStatement("PRAGMA data_version");
            try (ResultSet rs = dataVersion.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw failure("read the data version", e);
        }
    }

    private <T> T run(Connection c, boolean write, String what, Work<T> work) {
        try {
            begin(c, write);
            Tx tx = new Tx(c);
            T out;
            try {
                out = work.run(tx);
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            }
            end(c, write && tx.commit);
            return out;
        } catch (SQLException e) {
            rollbackQuietly(c);
            throw failure(what, e);
        } catch (RowFailure e) {
            throw failure(what, e.getCause());
        }
    }

    /** The connection, opened on first use; null for a read of a file that does not exist. */
    private Connection connection(boolean write) {
        if (connection != null) {
            if (write && readOnly) {
                throw new BackendException(BackendCode.BACKEND_UNAVAILABLE, "the state file " + file + " is read-only here"
                        + " (its folder or file cannot be written); apply, destroy and instance mark-unhealthy need to"
                        + " write it: run them where the file is writable, or pass another --backend file:PATH");
            }
            return connection;
        }
        if (!write && !Files.exists(file)) return null;
        try {
            if (write) {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) Files.createDirectories(parent);
            }
            NativeLibraryCache.prepare();
            connection = openReadWrite();
        } catch (IOException | SQLException e) {
            if (write) throw unavailable(e);
            connection = openReadOnly(e);
            readOnly = true;
        }
        if (write && readOnly) return connection(true);
        return connection;
    }

    private Connection openReadWrite() throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        Connection c = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try {
            WalMode.enable(c, BUSY_TIMEOUT_MS);
            // transactions are begun by hand (BEGIN IMMEDIATE / DEFERRED): the driver's own
            // non-autocommit mode would hold the write lock between operations
            c.setAutoCommit(true);
            int version = Ddl.version(c);
            checkVersion(version);
            if (version < Ddl.VERSION) {
                begin(c, true);
                if (Ddl.version(c) < Ddl.VERSION) Ddl.create(c);
                end(c, true);
            }
            return c;
        } catch (SQLException | RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    /**
     * A file this process may read but not write. SQLite's WAL mode wants to create {@code -shm}
     * next to the file even to read; where it cannot, the file is opened immutable (no locks: no
     * writer can change it here either).
     */
    private Connection openReadOnly(Exception why) {
        for (String url : List.of("jdbc:sqlite:" + file.toAbsolutePath(),
                "jdbc:sqlite:file:" + file.toAbsolutePath() + "?immutable=1")) {
            Connection c = null;
            try {
                SQLiteConfig config = new SQLiteConfig();
                config.setReadOnly(true);
                config.setBusyTimeout(BUSY_TIMEOUT_MS);
                c = config.createConnection(url);
                c.setAutoCommit(true);
                checkVersion(Ddl.version(c));
                return c;
            } catch (SQLException e) {
                closeQuietly(c);
            }
        }
        throw unavailable(why);
    }

    private void checkVersion(int version) {
        if (version > Ddl.VERSION) {
            throw new BackendException(BackendCode.BACKEND_VERSION, "the state file " + file + " was written by a newer gpushare"
                    + " (store version " + version + ", this build reads " + Ddl.VERSION + "); upgrade gpushare");
        }
    }

    private BackendException unavailable(Exception e) {
        return new BackendException(BackendCode.BACKEND_UNAVAILABLE, "cannot open the local state file " + file + ": "
                + e.getMessage() + "; check the path and its permissions, or pass another --backend file:PATH", e);
    }

    /** What the user reads when {@code what} failed: a damaged row names itself and what to do. */
    public BackendException failure(String what, SQLException e) {
        if (e instanceof StateRows.DamagedRow) {
            return new BackendException(BackendCode.BACKEND_IO, "could not " + what + ": the state file " + file + " has a damaged "
                    + e.getMessage() + "; restore the file from a backup, or remove the cluster (gpushare destroy) and apply again", e);
        }
        return new BackendException(BackendCode.BACKEND_IO, "could not " + what + " in " + describe() + ": " + e.getMessage(), e);
    }

    @Override
    public void close() {
        if (connection == null) return;
        try {
            if (dataVersion != null) dataVersion.close();
            dataVersion = null;
            connection.close();
            connection = null;
        } catch (SQLException e) {
            throw failure("close", e);
        }
    }

    /** True once the file has been opened (a close then has something to finish). */
    public boolean open() {
        return connection != null;
    }

    /** Starts a transaction: IMMEDIATE takes the write lock now (waiting up to the busy timeout). */
    private static void begin(Connection connection, boolean write) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(write ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
        }
    }

    private static void end(Connection connection, boolean commit) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(commit ? "COMMIT" : "ROLLBACK");
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            end(c, false);
        } catch (SQLException ignored) {
            // the original failure is what the user needs to see (or there was no transaction)
        }
    }

    private static void closeQuietly(Connection c) {
        if (c == null) return;
        try {
            c.close();
        } catch (SQLException ignored) {
            // opening already failed; that error is reported
        }
    }
}
