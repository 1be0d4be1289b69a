package dev.gpushare.engine.placement.internal;

/**
 * BINPACK: first fit over instances in opening order (existing ones first), GPUs in index order;
 * a new instance only when no open one takes the copy. With copies offered largest first this is
 * first-fit decreasing. The indexes of {@link PoolRun} give the same answer as a linear scan, in
 * O(log n) per copy.
 */
final class Binpack implements Strategy {
    static final Binpack INSTANCE = new Binpack();

    @Override
    public boolean place(CopyRequest copy, PoolRun run) {
        boolean placed = switch (copy.form()) {
            case MPS -> run.firstFitMps(copy);
            case WHOLE, FRACTION -> run.firstFitIdle(copy);
            case PARTITION, SLOTS, MIXED, NONE -> run.firstFitScan(copy);
        };
        return placed || run.placeOnFresh(copy);
    }
}
