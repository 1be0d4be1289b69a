package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import java.util.List;

/**
 * Executes a plan against a backend in the plan's (safe) order, in small batches. Each batch
 * commits atomically with the revision bump and names the revision the previous one left, so a
 * crash leaves a consistent prefix of the plan and a concurrent writer is detected, never
 * overwritten. Actions are idempotent, so re-planning and applying again completes a cut-off apply.
 */
public final class Reconciler {
    /** Actions per committed batch: small enough that a crash loses little, large enough to amortise fsync. */
    public static final int DEFAULT_BATCH = 16;

    private Reconciler() {}

    public static ApplyOutcome apply(Backend backend, Plan plan, ApplyListener listener) {
        return apply(backend, plan, listener, DEFAULT_BATCH);
    }

    public static ApplyOutcome apply(Backend backend, Plan plan, ApplyListener listener, int batchSize) {
        if (batchSize < 1) throw new IllegalArgumentException("batchSize must be ≥ 1, was " + batchSize);
        listener.started(plan);
        List<Action> actions = plan.actions();
        if (plan.spec() != null && !actions.isEmpty()) backend.declareSpec(plan.cluster(), plan.spec());
        long revision = plan.revision();
        int done = 0;
        while (done < actions.size()) {
            int end = Math.min(actions.size(), done + batchSize);
            BatchResult r = backend.apply(plan.cluster(), revision, actions.subList(done, end));
            switch (r) {
                case BatchResult.Committed c -> revision = c.revision();
                case BatchResult.RevisionConflict conflict -> {
                    return new ApplyOutcome.Conflict(conflict, done);
                }
            }
            done = end;
            listener.committed(done, actions.size(), revision);
        }
        return new ApplyOutcome.Applied(revision, done);
    }
}
