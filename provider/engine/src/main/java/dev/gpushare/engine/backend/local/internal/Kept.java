package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.StateFold;
import java.util.List;

/**
 * The first tier of the local backend's reads: the last cluster read, kept current through this
 * backend's own commits, so that a read at its revision is answered from memory (one row read to
 * confirm the revision). Below it are the file's stored snapshot ({@link StoredSnapshots}) and the
 * rows ({@link StateRows}). Every change to what is kept goes through one of the methods here:
 * {@link #remember} after a read, {@link #committed} after this backend's own commit, {@link
 * #forget} after any other write or a failure.
 */
public final class Kept {
    private KeptState state;
    /** Whether {@link #state}'s revision is the one the file's stored snapshot holds. */
    private boolean stored;

    /** The kept snapshot when it is the cluster's state at {@code revision}. */
    public Snapshot at(String cluster, long revision) {
        return current(cluster, revision) ? state.snapshot() : null;
    }

    /** The kept fold (the state before the next batch) when it is the cluster's at {@code revision}. */
    public StateFold.Fold foldAt(String cluster, long revision) {
        return current(cluster, revision) ? state.fold() : null;
    }

    /** Keeps a snapshot just read; {@code stored} when it came from the file's stored snapshot. */
    public Snapshot remember(Snapshot s, boolean stored) {
        this.state = new KeptState(s);
        this.stored = stored;
        return s;
    }

    /**
     * This backend committed {@code batch}, moving the cluster from {@code current} to {@code next}:
     * folded in when the kept state was the one at {@code current}, else forgotten (someone else
     * wrote in between: the next read goes to the file).
     */
    public void committed(String cluster, long current, List<? extends Action> batch, long next) {
        if (current(cluster, current)) {
            state.apply(batch, next);
            stored = false;
        } else {
            forget();
        }
    }

    /** The next read goes to the file. */
    public void forget() {
        state = null;
        stored = false;
    }

    /**
     * The state to store as its cluster's snapshot, if the file may not hold it yet: not stored
     * yet, not the empty state of a cluster never written, with instances.
     */
    public KeptState toStore() {
        if (state == null || stored || state.revision() == 0 || state.snapshot().state().instances().isEmpty()) return null;
        return state;
    }

    /** The file's stored snapshot now holds the kept state. */
    public void markStored() {
        stored = true;
    }

    private boolean current(String cluster, long revision) {
        return state != null && state.cluster().equals(cluster) && state.revision() == revision;
    }
}
