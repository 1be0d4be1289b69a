package dev.gpushare.engine.backend.local;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.ConvergedSpecs;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.internal.BatchRows;
import dev.gpushare.engine.backend.local.internal.Checks;
import dev.gpushare.engine.backend.local.internal.ClusterRows;
import dev.gpushare.engine.backend.local.internal.ConvergedKept;
import dev.gpushare.engine.backend.local.internal.DeclaredTable;
import dev.gpushare.engine.backend.local.internal.Kept;
import dev.gpushare.engine.backend.local.internal.KeptState;
import dev.gpushare.engine.backend.local.internal.StateFile;
import dev.gpushare.engine.backend.local.internal.StateRows;
import dev.gpushare.engine.backend.local.internal.StoredSnapshots;
import dev.gpushare.engine.internal.QuietSlf4j;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.model.problem.Problem;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The local backend: one SQLite database file (xerial sqlite-jdbc), see docs/backends.md.
 *
 * <p>Durability: WAL journal with {@code synchronous=FULL}, so a batch is on disk when {@link
 * #apply} returns and a killed process loses nothing committed. Concurrency: every write runs in a
 * {@code BEGIN IMMEDIATE} transaction (one writer at a time across processes, others wait up to
 * the busy timeout) and compares the revision inside it, so of two applies against the same
 * revision exactly one commits; the other gets {@link BatchResult.RevisionConflict}.
 *
 * <p>Composed of its parts in {@code internal}: the file and its transactions ({@link StateFile}),
 * the three tiers a read is answered from (memory: {@link Kept}; the stored snapshot: {@link
 * StoredSnapshots}; the rows: {@link StateRows}), the apply-time check carried from batch to batch
 * ({@link Checks}), the rows a write changes ({@link BatchRows}, {@link ClusterRows}) and the
 * declared resources ({@link DeclaredTable}).
 *
 * <p>Not thread-safe: one instance per thread (open several on one file instead).
 */
public final class LocalBackend implements Backend {
    static {
        QuietSlf4j.initialize(); // the SQLite driver logs through SLF4J
    }

    /** How long a writer waits for another process's transaction, in milliseconds. */
    static final int BUSY_TIMEOUT_MS = StateFile.BUSY_TIMEOUT_MS;
    /** How long closing waits for another writer before it leaves the stored snapshot as it was, in milliseconds. */
    static final int SNAPSHOT_BUSY_MS = 200;

    private final StateFile file;
    private final Kept kept = new Kept();
    private final Checks checks = new Checks();
    private final ConvergedKept converged;

    private LocalBackend(Path file) {
        this.file = new StateFile(file);
        this.converged = new ConvergedKept(this.file);
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

    /**
     * The state as of the cluster's current revision, from the first that holds it: the state kept
     * in memory from this backend's last read and commits, the file's stored snapshot, the rows.
     */
    @Override
    public Snapshot read(String cluster) {
        return read(cluster, false);
    }

    /** {@link #read(String)}; {@code lazily}, a stored snapshot's allocations are decoded when first read (a plan reads few). */
    private Snapshot read(String cluster, boolean lazily) {
        return file.read("read cluster " + cluster, tx -> {
            long revision = StateRows.revision(tx.connection(), cluster);
            Snapshot inMemory = kept.at(cluster, revision);
            if (inMemory != null) return inMemory;
            Optional<Snapshot> stored = StoredSnapshots.read(tx.connection(), cluster, revision, lazily);
            return kept.remember(stored.isPresent() ? stored.get() : StateRows.read(tx.connection(), cluster), stored.isPresent());
        }, () -> kept.remember(Snapshot.empty(cluster), false)); // no file yet: a cluster never written is empty at revision 0
    }

    /**
     * The cluster's revision alone (one or two single-row reads): what a caller keeping a
     * snapshot asks to know whether it is still the current one. Exact, because every write
     * moves the revision on and revisions are never reused.
     */
    public long revision(String cluster) {
        return file.read("read the revision of cluster " + cluster, tx -> StateRows.revision(tx.connection(), cluster), () -> 0L);
    }

    /**
     * A number that stays the same while no other connection, of this process or another, has
     * committed to the file, and changes once one has (SQLite's {@code PRAGMA data_version}): one
     * statement and no row read, for a caller that keeps a snapshot to know it is still current.
     * This backend's own writes do not change it, so such a caller watches through a backend it
     * never writes with. -1 while there is no file.
     */
    public long fileVersion() {
        return file.dataVersion();
    }

    @Override
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
        BatchResult result;
        try {
            result = file.write("apply to cluster " + cluster, tx -> {
                long current = StateRows.revision(tx.connection(), cluster); // under the write lock
                if (current != expectedRevision) {
                    tx.writeNothing();
                    return new BatchResult.RevisionConflict(cluster, expectedRevision, current);
                }
                // checked against the rows as they are now, inside the transaction: nothing of a refused batch is written
                List<Problem> problems = checks.check(cluster, current, batch, () -> ClusterRows.view(tx.connection(), cluster));
                if (!problems.isEmpty()) {
                    tx.writeNothing();
                    return new BatchResult.Refused(cluster, problems);
                }
                // the rows the batch changes, derived from the one transition (from the kept state when it is current)
                StateFold.Fold before = kept.foldAt(cluster, current);
                BatchRows.write(tx.connection(), cluster, batch,
                        before != null ? BatchRows.of(before) : BatchRows.of(tx.connection(), cluster));
                return new BatchResult.Committed(ClusterRows.bump(tx.connection(), cluster, current));
            });
        } catch (RuntimeException e) {
            checks.forget();
            kept.forget();
            throw e;
        }
        if (result instanceof BatchResult.Committed c) {
            // revisions move by one per write: the batch moved the cluster from the one before
            checks.committed(c.revision());
            kept.committed(cluster, c.revision() - 1, batch, c.revision());
        }
        return result;
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
        kept.forget(); // the next read goes to the file
        return file.write(what, tx -> {
            long current = StateRows.revision(tx.connection(), cluster);
            if (!ClusterRows.setHealth(tx.connection(), cluster, instanceId, healthy, reason)) {
                throw new BackendException(BackendCode.UNKNOWN_INSTANCE, "cluster " + cluster + " has no instance " + instanceId
                        + " in " + describe() + "; run `gpushare status --cluster " + cluster + "` to list its instances");
            }
            return ClusterRows.bump(tx.connection(), cluster, current);
        });
    }

    /** The only cluster's snapshot, kept in memory for the next {@link #read} (see {@link Backend#readAhead}). */
    @Override
    public Optional<Snapshot> readAhead() {
        if (!file.present()) return Optional.empty();
        try {
            List<String> clusters = clusters();
            // read ahead of a plan, which reads the copies of the instances its change touches
            return clusters.size() == 1 ? Optional.of(read(clusters.getFirst(), true)) : Optional.empty();
        } catch (RuntimeException e) {
            kept.forget(); // the read that needs it reads again, and says what is wrong in its place
            return Optional.empty();
        }
    }

    @Override
    public List<String> clusters() {
        return file.read("list clusters", tx -> StateRows.clusters(tx.connection()), List::of);
    }

    /**
     * Removes the cluster's rows and keeps its revision, one higher, in {@code retired}: the
     * destroy is a write like any other, and the next apply continues from it (revisions are never
     * reused).
     */
    @Override
    public boolean destroy(String cluster) {
        kept.forget();
        converged.forget(cluster);
        if (!file.present()) return false;
        return file.write("destroy cluster " + cluster, tx -> {
            if (!ClusterRows.exists(tx.connection(), cluster)) {
                tx.writeNothing();
                return false;
            }
            ClusterRows.remove(tx.connection(), cluster, StateRows.revision(tx.connection(), cluster));
            return true;
        });
    }

    @Override
    public Optional<DeclaredResources> declaredResources() {
        return Optional.of(new DeclaredTable(file));
    }

    /** The spec of the last converged apply, kept with the stored snapshot (see {@link ConvergedKept}). */
    @Override
    public Optional<ConvergedSpecs> convergedSpecs() {
        return Optional.of(converged);
    }

    @Override
    public String describe() {
        return file.describe();
    }

    @Override
    public void close() {
        if (!file.open()) return;
        storeSnapshot();
        file.close();
    }

    /**
     * Stores the kept state as the cluster's snapshot when the file does not hold it yet, and the
     * spec of the last converged apply, each when it is still the cluster's state (checked under the
     * write lock), in one transaction, so that the next process reads one document instead of every
     * row and plans from that spec. Best effort: a busy or read-only file, or any failure, leaves
     * both as they were; the rows are the truth either way.
     */
    private void storeSnapshot() {
        KeptState s = kept.toStore();
        ConvergedKept.Pending spec = file.readOnly() ? null : converged.toWrite();
        if ((s == null && spec == null) || file.readOnly()) return;
        boolean done = file.tryWrite(SNAPSHOT_BUSY_MS, tx -> {
            if (s != null && StateRows.revision(tx.connection(), s.cluster()) == s.revision()) {
                StoredSnapshots.write(tx.connection(), s.snapshot());
            }
            if (spec != null) spec.writeIfCurrent(tx.connection());
            return null;
        });
        if (done) {
            if (s != null) kept.markStored();
            if (spec != null) spec.written();
        }
    }
}
