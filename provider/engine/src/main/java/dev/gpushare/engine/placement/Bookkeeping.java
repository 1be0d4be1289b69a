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

    static Bookkeeping of(Memo memo) {
        return memo == Memo.NONE ? NONE : new Bookkeeping(memo);
    }

    Memo memo() {
        return memo;
    }
}
