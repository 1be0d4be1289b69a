package dev.gpushare.engine.backend.local;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.internal.ActionWriter;
import dev.gpushare.engine.backend.local.internal.Ddl;
import dev.gpushare.engine.backend.local.internal.StateRows;
import dev.gpushare.engine.plan.Action;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.sqlite.SQLiteConfig;
import tools.jackson.databind.node.ObjectNode;

/**
 * The local backend: one SQLite database file (xerial sqlite-jdbc), see docs/backends.md.
 *
 * <p>Durability: WAL journal with {@code synchronous=FULL}, so a batch is on disk when {@link
 * #apply} returns and a killed process loses nothing committed. Concurrency: every write runs in a
 * {@code BEGIN IMMEDIATE} transaction (one writer at a time across processes, others wait up to
 * the busy timeout) and compares the revision inside it, so of two applies against the same
 * revision exactly one commits; the other gets {@link BatchResult.RevisionConflict}.
 *
 * <p>Not thread-safe: one instance per thread (open several on one file instead).
 */
public final class LocalBackend implements Backend {
    /** How long a writer waits for another process's transaction, in milliseconds. */
    static final int BUSY_TIMEOUT_MS = 30_000;

    private final Path file;
    private final Connection connection;
    private final ActionWriter writer;

    private LocalBackend(Path file, Connection connection) throws SQLException {
        this.file = file;
        this.connection = connection;
        this.writer = new ActionWriter(connection);
    }

    /** Opens (creating it and its folder if missing) the database file at {@code file}. */
    public static LocalBackend open(Path file) {
        Connection c = null;
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            SQLiteConfig config = new SQLiteConfig();
            config.setJournalMode(SQLiteConfig.JournalMode.WAL);
            config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
            config.setBusyTimeout(BUSY_TIMEOUT_MS);
            c = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
            // transactions are begun by hand (BEGIN IMMEDIATE / DEFERRED): the driver's own
            // non-autocommit mode would hold the write lock between operations
            c.setAutoCommit(true);
            begin(c, true);
            int version = Ddl.version(c);
            if (version > Ddl.VERSION) {
                end(c, false);
                throw new BackendException(BackendCode.BACKEND_VERSION, "the state file " + file + " was written by a newer gpushare"
                        + " (store version " + version + ", this build reads " + Ddl.VERSION + "); upgrade gpushare");
            }
            if (version < Ddl.VERSION) Ddl.create(c);
            end(c, true);
            return new LocalBackend(file, c);
        } catch (IOException | SQLException e) {
            closeQuietly(c);
            throw new BackendException(BackendCode.BACKEND_UNAVAILABLE, "cannot open the local state file " + file + ": "
                    + e.getMessage() + "; check the path and its permissions, or pass another --backend file:PATH", e);
        }
    }

    @Override
    public Snapshot read(String cluster) {
        try {
            begin(false); // one consistent WAL snapshot, writers not blocked
            Snapshot s = StateRows.read(connection, cluster);
            end(false);
            return s;
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure("read cluster " + cluster, e);
        }
    }

    @Override
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
        try {
            begin(true);
            long current = StateRows.revision(connection, cluster); // under the write lock
            if (current != expectedRevision) {
                end(false);
                return new BatchResult.RevisionConflict(cluster, expectedRevision, current);
            }
            for (Action a : batch) writer.write(cluster, a);
            long next = bump(cluster, current);
            end(true);
            return new BatchResult.Committed(next);
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure("apply to cluster " + cluster, e);
        }
    }

    @Override
    public long markUnhealthy(String cluster, String instanceId, String reason) {
        try {
            begin(true);
            long current = StateRows.revision(connection, cluster);
            int n;
            try (PreparedStatement ps = connection.prepareStatement(
                    "UPDATE instances SET healthy = 0, health_reason = ? WHERE cluster = ? AND id = ?")) {
                ps.setString(1, reason);
                ps.setString(2, cluster);
                ps.setString(3, instanceId);
                n = ps.executeUpdate();
            }
            if (n == 0) {
                end(false);
                throw new BackendException(BackendCode.UNKNOWN_INSTANCE, "cluster " + cluster + " has no instance " + instanceId
                        + " in " + describe() + "; run `gpushare status --cluster " + cluster + "` to list its instances");
            }
            long next = bump(cluster, current);
            end(true);
            return next;
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure("mark " + instanceId + " unhealthy", e);
        }
    }

    @Override
    public List<String> clusters() {
        try {
            begin(false);
            List<String> out = StateRows.clusters(connection);
            end(false);
            return out;
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure("list clusters", e);
        }
    }

    @Override
    public boolean destroy(String cluster) {
        try {
            begin(true);
            int n = 0;
            for (String sql : List.of("DELETE FROM allocations WHERE cluster = ?", "DELETE FROM gpus WHERE cluster = ?",
                    "DELETE FROM instances WHERE cluster = ?", "DELETE FROM clusters WHERE name = ?")) {
                try (PreparedStatement ps = connection.prepareStatement(sql)) {
                    ps.setString(1, cluster);
                    n += ps.executeUpdate();
                }
            }
            end(true);
            return n > 0;
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure("destroy cluster " + cluster, e);
        }
    }

    @Override
    public Optional<DeclaredResources> declaredResources() {
        return Optional.of(new Declared());
    }

    /** The {@code declared} table; each call is its own transaction. */
    private final class Declared implements DeclaredResources {
        @Override
        public SortedMap<String, ObjectNode> declared(String cluster) {
            try {
                begin(false);
                SortedMap<String, ObjectNode> out = new TreeMap<>();
                try (PreparedStatement ps = connection.prepareStatement(
                        "SELECT key, json FROM declared WHERE cluster = ? ORDER BY key")) {
                    ps.setString(1, cluster);
                    try (var rs = ps.executeQuery()) {
                        while (rs.next()) out.put(rs.getString(1), DeclaredResources.fromText(rs.getString(2)));
                    }
                }
                end(false);
                return out;
            } catch (SQLException e) {
                rollbackQuietly();
                throw failure("read the declared resources of cluster " + cluster, e);
            }
        }

        @Override
        public void declare(String cluster, String key, ObjectNode fragment) {
            write("declare " + key + " in cluster " + cluster,
                    "INSERT INTO declared(cluster, key, json) VALUES (?, ?, ?)"
                            + " ON CONFLICT(cluster, key) DO UPDATE SET json = excluded.json",
                    cluster, key, DeclaredResources.toText(fragment));
        }

        @Override
        public void undeclare(String cluster, String key) {
            write("undeclare " + key + " in cluster " + cluster,
                    "DELETE FROM declared WHERE cluster = ? AND key = ?", cluster, key);
        }

        private void write(String what, String sql, String... params) {
            try {
                begin(true);
                try (PreparedStatement ps = connection.prepareStatement(sql)) {
                    for (int i = 0; i < params.length; i++) ps.setString(i + 1, params[i]);
                    ps.executeUpdate();
                }
                end(true);
            } catch (SQLException e) {
                rollbackQuietly();
                throw failure(what, e);
            }
        }
    }

    @Override
    public String describe() {
        return "file:" + file;
    }

    @Override
    public void close() {
        try {
            writer.close();
            connection.close();
        } catch (SQLException e) {
            throw failure("close", e);
        }
    }

    private long bump(String cluster, long current) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "INSERT INTO clusters(name, revision) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET revision = excluded.revision")) {
            ps.setString(1, cluster);
            ps.setLong(2, current + 1);
            ps.executeUpdate();
        }
        return current + 1;
    }

    private BackendException failure(String what, SQLException e) {
        return new BackendException(BackendCode.BACKEND_IO, "could not " + what + " in " + describe() + ": " + e.getMessage(), e);
    }

    /** Starts a transaction: IMMEDIATE takes the write lock now (waiting up to the busy timeout). */
    private void begin(boolean write) throws SQLException {
        begin(connection, write);
    }

    private void end(boolean commit) throws SQLException {
        end(connection, commit);
    }

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

    private void rollbackQuietly() {
        try {
            end(false);
        } catch (SQLException ignored) {
            // the original failure is what the user needs to see
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
