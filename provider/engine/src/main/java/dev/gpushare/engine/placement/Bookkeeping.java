package dev.gpushare.engine.placement;

import dev.gpushare.engine.placement.internal.Memo;

/**
 * The placement bookkeeping of a placed fleet (opaque): what a change-set placement from the
 * converged state starts from ({@link Placer#placeRecorded}). Front doors keep it with their
 * baseline and hand it back; only placement reads it.
 */
public final class Bookkeeping {
    /** Nothing recorded: every pool takes the full path. */
    public static final Bookkeeping NONE = new Bookkeeping(Memo.NONE);

    private final Memo memo;

    private Bookkeeping(Memo memo) {
        this.memo = memo;
    }

    /**
     * The bookkeeping of {@code state} as the converged result of {@code spec}, rebuilt from the
     * state pool by pool on first use ({@link dev.gpushare.engine.placement.internal.Restore}).
     */
    public static Bookkeeping restored(dev.gpushare.model.Spec spec, dev.gpushare.engine.catalog.Catalog catalog,
                                       dev.gpushare.engine.state.FleetState state) {
        return of(dev.gpushare.engine.placement.internal.Restore.memo(spec, catalog, state));
    }

    /**
     * As {@link #restored(dev.gpushare.model.Spec, dev.gpushare.engine.catalog.Catalog,
     * dev.gpushare.engine.state.FleetState)}, with the placement nodes read from {@code storedNodes}
     * (a record from {@link #storedNodes()} kept with exactly this state, or null) where it has them
     * and they fit; the others are worked out again.
     */
    public static Bookkeeping restored(dev.gpushare.model.Spec spec, dev.gpushare.engine.catalog.Catalog catalog,
                                       dev.gpushare.engine.state.FleetState state, byte[] storedNodes) {
        return of(dev.gpushare.engine.placement.internal.Restore.memo(spec, catalog, state,
                dev.gpushare.engine.placement.internal.StoredNodes.read(storedNodes)));
    }

    /**
     * The placement nodes of every recorded pool as a compact record
     * ({@link dev.gpushare.engine.placement.internal.StoredNodes}), for a backend to keep with the
     * state this bookkeeping describes (at exactly its revision); null when no pool's are known.
     * Works out the pools not worked out yet.
     */
    public byte[] storedNodes() {
        return dev.gpushare.engine.placement.internal.StoredNodes.encode(memo);
    }

    /**
     * Works out now what a change-set placement would on first use (every pool's copies and
     * nodes), so that a plan made later starts from it; returns this.
     */
    public Bookkeeping prepared() {
        memo.prepare();
        return this;
    }

    static Bookkeeping of(Memo memo) {
        return memo == Memo.NONE ? NONE : new Bookkeeping(memo);
    }

    Memo memo() {
        return memo;
    }
}
