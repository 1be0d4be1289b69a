package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.backend.BatchResult;

/** How an apply ended. */
public sealed interface ApplyOutcome {

    /** Every action committed; the cluster is at {@code revision}. */
    record Applied(long revision, int actions) implements ApplyOutcome {}

    /**
     * Another writer moved the cluster; {@code appliedBefore} actions of this plan had committed
     * (a consistent prefix). Nothing else was written: plan again.
     */
    record Conflict(BatchResult.RevisionConflict conflict, int appliedBefore) implements ApplyOutcome {}
}
