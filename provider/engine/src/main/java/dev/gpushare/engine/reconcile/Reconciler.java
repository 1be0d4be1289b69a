package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * Executes a plan against a backend in the plan's (safe) order, in small batches. Each batch
 * commits atomically with the revision bump and names the revision the previous one left, so a
 * crash leaves a consistent prefix of the plan and a concurrent writer is detected, never
 * overwritten. Actions are idempotent, so re-planning and applying again completes a cut-off apply.
 *
 * <p>Before the first batch the whole plan is checked ({@link ActionCheck#plan}) against the state
 * it will change: a plan that does not hold is refused with nothing written. Revisions are never
 * reused (the {@link Backend} contract), so the state read at the plan's revision is the state the
 * plan was made against, and every later batch is guarded by its revision.
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
        List<Action> actions = plan.actions();
        if (!actions.isEmpty()) {
            Snapshot current = backend.read(plan.cluster());
            if (current.revision() != plan.revision()) {
                return new ApplyOutcome.Conflict(new BatchResult.RevisionConflict(plan.cluster(), plan.revision(),
                        current.revision()), 0);
            }
            List<Problem> problems = ActionCheck.plan(plan, current, Catalog.builtIn());
            if (!problems.isEmpty()) return new ApplyOutcome.Refused(problems, 0);
        }
        listener.started(plan);
        // the spec is declared only once the plan passed its checks
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
                case BatchResult.Refused refused -> {
                    return new ApplyOutcome.Refused(offset(refused.problems(), done), done);
                }
            }
            done = end;
            listener.committed(done, actions.size(), revision);
        }
        return new ApplyOutcome.Applied(revision, done);
    }

    /** A batch's problem paths ({@code /actions/N}) as paths into the whole plan. */
    private static List<Problem> offset(List<Problem> problems, int first) {
        List<Problem> out = new ArrayList<>();
        for (Problem p : problems) {
            String path = p.path();
            if (first > 0 && path.startsWith("/actions/")) {
                int end = path.indexOf('/', 9);
                String n = end < 0 ? path.substring(9) : path.substring(9, end);
                try {
                    path = "/actions/" + (Integer.parseInt(n) + first) + (end < 0 ? "" : path.substring(end));
                } catch (NumberFormatException e) {
                    // not an index: leave the path as the backend gave it
                }
            }
            out.add(p.withPath(path));
        }
        return out;
    }
}
