package dev.gpushare.engine.placement.internal;

import dev.gpushare.model.PlacementStrategy;

/**
 * A placement strategy: ranks the feasible instances for a copy. Feasibility is the fits' job;
 * a strategy only decides the order in which candidates are tried.
 */
interface Strategy {
    /** Places the copy, or returns the refusal of the best candidate when nothing takes it. */
    boolean place(CopyRequest copy, PoolRun run);

    static Strategy of(PlacementStrategy s, PoolRun run) {
        return switch (s) {
            case BINPACK -> Binpack.INSTANCE;
            case SPREAD -> run.spreadCap() > 0 ? Spread.INSTANCE : Binpack.INSTANCE;
        };
    }
}
