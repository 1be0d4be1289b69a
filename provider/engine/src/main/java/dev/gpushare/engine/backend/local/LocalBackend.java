package dev.gpushare.engine.backend.local;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.internal.BatchRows;
import dev.gpushare.engine.backend.local.internal.Ddl;
import dev.gpushare.engine.backend.local.internal.KeptState;
import dev.gpushare.engine.backend.local.internal.StateRows;
import dev.gpushare.engine.backend.local.internal.StoredSnapshots;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.internal.QuietSlf4j;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.reconcile.ActionCheck;
import dev.gpushare.engine.reconcile.StateView;
import dev.gpushare.model.problem.Problem;
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
    static {
        QuietSlf4j.initialize(); // the SQLite driver logs through SLF4J
    }

    /** How long a writer waits for another process's transaction, in milliseconds. */
    static final int BUSY_TIMEOUT_MS = 30_000;

    private final Path file;
    private Connection connection;
    private boolean readOnly;
    /** The check of the last batch this backend committed, carried to the next while nobody else wrote. */
    private ActionCheck.Session checks;
    private String checksCluster;
    private long checksRevision = -1;
    /**
     * The last cluster read, kept current through this backend's own commits: a read at its
     * revision is answered from memory (one row read to confirm the revision).
     */
    private KeptState kept;
    /** Whether {@link #kept}'s revision is the one the file's stored snapshot holds. */
    private boolean keptStored;

    /** How long closing waits for another writer before it leaves the stored snapshot as it was, in milliseconds. */
    static final int SNAPSHOT_BUSY_MS = 200;

    private LocalBackend(Path file) {
        this.file = file;
    }

    /**
     * The backend of the database file at {@code file}. Nothing is touched until it is used: a
     * read of a file that does not exist answers empty (a mistyped path creates nothing), the first
     * write creates the file and its folder. A file in a place this process may not write (a
     * read-only folder or mount) is read read-only; a write then says so.
     */
    public static LocalBackend open(Path file) {
        return new LocalBackend(file);
    }

    /** The connection, opened on first use; null for a read of a file that does not exist. */
    private Connection connection(boolean write) throws SQLException {
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
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        Connection c = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try {
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

    /**
     * The state as of the cluster's current revision, from the first that holds it: the state kept
     * in memory from this backend's last read and commits, the file's stored snapshot, the rows.
     */
    @Override
    public Snapshot read(String cluster) {
        try {
            Connection c = connection(false);
            if (c == null) {
                // no file yet: a cluster never written is empty at revision 0 (the first apply folds from it)
                kept = new KeptState(Snapshot.empty(cluster));
                keptStored = false;
                return kept.snapshot();
            }
            begin(false); // one consistent WAL snapshot, writers not blocked
            long revision = StateRows.revision(connection, cluster);
            if (kept != null && kept.cluster().equals(cluster) && kept.revision() == revision) {
                end(false);
                return kept.snapshot();
            }
            Optional<Snapshot> stored = StoredSnapshots.read(connection, cluster, revision);
            Snapshot s = stored.isPresent() ? stored.get() : StateRows.read(connection, cluster);
            end(false);
            kept = new KeptState(s);
            keptStored = stored.isPresent();
            return s;
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure("read cluster " + cluster, e);
        }
    }

    /**
     * The cluster's revision alone (one or two single-row reads): what a caller keeping a
     * snapshot asks to know whether it is still the current one. Exact, because every write
     * moves the revision on and revisions are never reused.
     */
    public long revision(String cluster) {
        try {
            Connection c = connection(false);
            if (c == null) return 0;
            begin(false);
            long r = StateRows.revision(connection, cluster);
            end(false);
            return r;
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure("read the revision of cluster " + cluster, e);
        }
    }

    @Override
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
        try {
            connection(true);
            begin(true);
            long current = StateRows.revision(connection, cluster); // under the write lock
            if (current != expectedRevision) {
                end(false);
                return new BatchResult.RevisionConflict(cluster, expectedRevision, current);
            }
            // checked against the rows as they are now, inside the transaction: nothing of a
            // refused batch is written
            // a plan's batches one after another: the check goes on from the last one, read once
            if (checks == null || !checks.usable() || !cluster.equals(checksCluster) || checksRevision != current) {
                checks = ActionCheck.session(view(cluster), Catalog.builtIn());
                checksCluster = cluster;
            }
            List<Problem> problems = checks.check(batch);
            if (!problems.isEmpty()) {
                end(false);
                checks = null;
                return new BatchResult.Refused(cluster, problems);
            }
            // the rows the batch changes, derived from the one transition (from the kept state when it is current)
            boolean keptCurrent = kept != null && kept.cluster().equals(cluster) && kept.revision() == current;
            BatchRows.write(connection, cluster, batch, keptCurrent ? BatchRows.of(kept.fold()) : BatchRows.of(connection, cluster));
            long next = bump(cluster, current);
            end(true);
            checksRevision = next;
            if (kept != null && kept.cluster().equals(cluster) && kept.revision() == current) {
                kept.apply(batch, next);
                keptStored = false;
            } else {
                kept = null; // someone else wrote in between: the next read goes to the file
            }
            return new BatchResult.Committed(next);
        } catch (SQLException e) {
            rollbackQuietly();
            checks = null;
            kept = null;
            throw failure("apply to cluster " + cluster, e);
        } catch (RowFailure e) {
            checks = null;
            kept = null;
            rollbackQuietly();
            throw failure("apply to cluster " + cluster, e.getCause());
        }
    }

    /** The instances as the transaction sees them, one query per instance an action names. */
    private StateView view(String cluster) {
        return id -> {
            try {
                return StateRows.instance(connection, cluster, id);
            } catch (SQLException e) {
                throw new RowFailure(e);
            }
        };
    }

    /** A store failure inside a {@link StateView} lookup, carried out of the lambda. */
    private static final class RowFailure extends RuntimeException {
        RowFailure(SQLException cause) {
            super(cause);
        }

        @Override
        public synchronized SQLException getCause() {
            return (SQLException) super.getCause();
        }
    }

    @Override
    public long markUnhealthy(String cluster, String instanceId, String reason) {
        return setHealth(cluster, instanceId, false, reason, "mark " + instanceId + " unhealthy");
    }

    /**
     * Clears an instance's unhealthy mark (the service's agents clear the marks they made); bumps
     * the revision. Throws {@link BackendException} {@code UNKNOWN_INSTANCE} when there is no such instance.
     */
    public long markHealthy(String cluster, String instanceId) {
        return setHealth(cluster, instanceId, true, null, "mark " + instanceId + " healthy");
    }

    private long setHealth(String cluster, String instanceId, boolean healthy, String reason, String what) {
        kept = null; // the next read goes to the file
        try {
            connection(true);
            begin(true);
            long current = StateRows.revision(connection, cluster);
            int n;
            try (PreparedStatement ps = connection.prepareStatement(
                    "UPDATE instances SET healthy = ?, health_reason = ? WHERE cluster = ? AND id = ?")) {
                ps.setInt(1, healthy ? 1 : 0);
                ps.setString(2, reason);
                ps.setString(3, cluster);
                ps.setString(4, instanceId);
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
            throw failure(what, e);
        }
    }

    @Override
    public List<String> clusters() {
        try {
            if (connection(false) == null) return List.of();
            begin(false);
            List<String> out = StateRows.clusters(connection);
            end(false);
            return out;
        } catch (SQLException e) {
            rollbackQuietly();
            throw failure("list clusters", e);
        }
    }

    /**
     * Removes the cluster's rows and keeps its revision, one higher, in {@code retired}: the
     * destroy is a write like any other, and the next apply continues from it (revisions are never
     * reused).
     */
    @Override
    public boolean destroy(String cluster) {
        kept = null;
        try {
            if (connection(false) == null) return false;
            connection(true);
            begin(true);
            boolean exists;
            try (PreparedStatement ps = connection.prepareStatement("SELECT revision FROM clusters WHERE name = ?")) {
                ps.setString(1, cluster);
                try (var rs = ps.executeQuery()) {
                    exists = rs.next();
                }
            }
            if (!exists) {
                end(false);
                return false;
            }
            long current = StateRows.revision(connection, cluster);
            for (String sql : List.of("DELETE FROM rollouts WHERE cluster = ?", "DELETE FROM allocations WHERE cluster = ?", "DELETE FROM gpus WHERE cluster = ?",
                    "DELETE FROM instances WHERE cluster = ?", "DELETE FROM clusters WHERE name = ?")) {
                try (PreparedStatement ps = connection.prepareStatement(sql)) {
                    ps.setString(1, cluster);
                    ps.executeUpdate();
                }
            }
            StoredSnapshots.remove(connection, cluster);
            try (PreparedStatement ps = connection.prepareStatement("INSERT OR REPLACE INTO retired(name, revision) VALUES (?, ?)")) {
                ps.setString(1, cluster);
                ps.setLong(2, current + 1);
                ps.executeUpdate();
            }
            end(true);
            return true;
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
                if (connection(false) == null) return new TreeMap<>();
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
                connection(true);
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
        if (connection == null) return;
        storeSnapshot();
        try {
            connection.close();
            connection = null;
        } catch (SQLException e) {
            throw failure("close", e);
        }
    }

    /**
     * Stores the kept state as the cluster's snapshot when the file does not hold it yet and it is
     * still the cluster's state (checked under the write lock), so that the next process reads one
     * document instead of every row. Best effort: a busy or read-only file, or any failure, leaves
     * the stored snapshot as it was; the rows are the truth either way.
     */
    private void storeSnapshot() {
        if (kept == null || keptStored || readOnly || kept.revision() == 0 || kept.snapshot().state().instances().isEmpty()) return;
        try (Statement st = connection.createStatement()) {
            st.execute("PRAGMA busy_timeout = " + SNAPSHOT_BUSY_MS);
            try {
                begin(true);
                if (StateRows.revision(connection, kept.cluster()) == kept.revision()) StoredSnapshots.write(connection, kept.snapshot());
                end(true);
                keptStored = true;
            } catch (SQLException e) {
                rollbackQuietly();
            } finally {
                st.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
            }
        } catch (SQLException e) {
            // the snapshot is an optimisation: the rows are there
        }
    }

    private long bump(String cluster, long current) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "INSERT INTO clusters(name, revision) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET revision = excluded.revision")) {
            ps.setString(1, cluster);
            ps.setLong(2, current + 1);
            ps.executeUpdate();
        }
        // a destroyed cluster applied again: it lives in clusters from now on, at a revision above its destroy's
        try (PreparedStatement ps = connection.prepareStatement("DELETE FROM retired WHERE name = ?")) {
            ps.setString(1, cluster);
            ps.executeUpdate();
        }
        return current + 1;
    }

    private BackendException failure(String what, SQLException e) {
        if (e instanceof StateRows.DamagedRow) {
            return new BackendException(BackendCode.BACKEND_IO, "could not " + what + ": the state file " + file + " has a damaged "
                    + e.getMessage() + "; restore the file from a backup, or remove the cluster (gpushare destroy) and apply again", e);
        }
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
