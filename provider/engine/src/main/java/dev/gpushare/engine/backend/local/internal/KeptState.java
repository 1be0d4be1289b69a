package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.StateFold;
import java.util.List;

/**
 * A cluster's snapshot kept current in memory as batches commit: each batch is folded in by the one
 * transition ({@link StateFold.Fold}), at the cost of what the batch touches, not of the fleet.
 * The fold is made from the snapshot when first needed (the first batch, or the rows writer): a
 * process that only reads (a plan, a status) never makes it. Tests check it against the rows.
 */
public final class KeptState {
    private final String cluster;
    /** Made from {@link #snapshot} on first use. */
    private StateFold.Fold fold;
    private long revision;
    private Snapshot snapshot;

    /** Keeps {@code s}, a snapshot read back from the rows (already in canonical order). */
    public KeptState(Snapshot s) {
        this.cluster = s.state().cluster();
        this.revision = s.revision();
        this.snapshot = s;
    }

    public String cluster() {
        return cluster;
    }

    public long revision() {
        return revision;
    }

    /** The fold the kept state is (read by the rows writer: the state before the next batch). */
    public StateFold.Fold fold() {
        if (fold == null) fold = StateFold.Fold.of(snapshot, true);
        return fold;
    }

    /** The state as of {@link #revision()}. */
    public Snapshot snapshot() {
        if (snapshot == null) snapshot = fold().snapshot(revision, null);
        return snapshot;
    }

    /** Folds in a committed batch; the state is then the one at {@code next}. */
    public void apply(List<? extends Action> batch, long next) {
        StateFold.Fold f = fold();
        for (Action a : batch) f.step(a);
        revision = next;
        snapshot = null;
    }
}
