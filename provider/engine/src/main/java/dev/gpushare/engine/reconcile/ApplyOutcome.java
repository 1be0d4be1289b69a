package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/** How an apply ended. */
public sealed interface ApplyOutcome {

    /** Every action committed; the cluster is at {@code revision}. */
    record Applied(long revision, int actions) implements ApplyOutcome {}

    /**
     * Another writer moved the cluster; {@code appliedBefore} actions of this plan had committed
     * (a consistent prefix). Nothing else was written: plan again.
     */
    record Conflict(BatchResult.RevisionConflict conflict, int appliedBefore) implements ApplyOutcome {}

    /**
     * The plan's actions do not hold against the state, the catalog or themselves (a forged,
     * hand-edited or corrupted plan): refused before anything was written when the reconciler's
     * check found it ({@code appliedBefore} 0), or at a batch the backend refused.
     *
     * @param problems paths into the plan ({@code /actions/N/…})
     */
    record Refused(List<Problem> problems, int appliedBefore) implements ApplyOutcome {
        public Refused {
            problems = List.copyOf(problems);
        }
    }
}
