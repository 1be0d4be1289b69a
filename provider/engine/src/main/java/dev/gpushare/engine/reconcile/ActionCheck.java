package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.reconcile.internal.shapes.ActionShapes;
import dev.gpushare.engine.reconcile.internal.Fits;
import dev.gpushare.engine.reconcile.internal.GpuModes;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * Checks actions before anything is written: the one check that the reconciler, the local backend
 * and the placement service's {@code /apply} run, so a forged or hand-edited batch (a copy of
 * 999999999 MiB, 999 percent, an extra {@code LD_PRELOAD}, an id holding a terminal escape, an
 * unknown instance type, GPU −3) is refused as a whole with {@link ApplyCode} problems, never
 * stored and printed.
 *
 * <p>Each action is measured against the state as the earlier actions leave it, and against the
 * catalog: ids have gpushare's shapes, instances the GPUs of their type, allocations name GPUs and
 * MIG instances that exist and ask for no more than the GPU has, and their environment is exactly
 * what gpushare derives from them ({@link dev.gpushare.engine.state.ContainerEnv}). Then capacity:
 * the batch is folded action by action with the one transition ({@link
 * dev.gpushare.engine.plan.StateFold}) and after each action the instances it fills are measured
 * with the feasibility checks placement uses ({@link Admission}); the first action that leaves one
 * over refuses the batch ({@link ApplyCode#ACTION_CAPACITY}). A move is one action (its new copy
 * starts before the old stops, and the two are checked together after it). A whole plan is also
 * checked at its end: every GPU's mode takes the copies on it.
 */
public final class ActionCheck {
    private ActionCheck() {}

    /**
     * The problems of one batch against the backend's current state, paths {@code /actions/N/…}
     * into the batch. Empty when it may be written.
     */
    public static List<Problem> batch(List<Action> batch, StateView current, Catalog catalog) {
        return batch(batch, current, catalog, Admission.of(catalog));
    }

    /**
     * As {@link #batch(List, StateView, Catalog)}, measuring capacity with {@code admission} (one
     * built from the spec the cluster converges to knows host needs, MPS client limits and
     * replicas). {@code current} must answer instances with their allocations.
     */
    public static List<Problem> batch(List<Action> batch, StateView current, Catalog catalog, Admission admission) {
        ActionShapes c = ActionShapes.over(current, catalog);
        c.actions(batch, "/actions", 0);
        if (!c.problems().isEmpty()) return c.problems();
        String cluster = "";
        Problem over = Fits.over(cluster, current, admission).actions(batch, "/actions");
        return over == null ? List.of() : List.of(over);
    }

    /**
     * A check that carries what it learned from one batch to the next: for a backend applying a
     * plan's batches one after another on one connection, which then reads each instance once per
     * plan instead of once per batch. Valid only while nothing else writes the cluster — the caller
     * keeps a session only while the cluster is at the revision its own last commit left.
     */
    public static Session session(StateView current, Catalog catalog) {
        return new Session(ActionShapes.over(current, catalog), Fits.over("", current, Admission.of(catalog)));
    }

    /** See {@link #session}. Not thread-safe. */
    public static final class Session {
        private ActionShapes checker;
        private Fits fits;

        private Session(ActionShapes checker, Fits fits) {
            this.checker = checker;
            this.fits = fits;
        }

        /** The problems of the next batch (empty: it may be written, and it is folded in). */
        public List<Problem> check(List<Action> batch) {
            checker.actions(batch, "/actions", 0);
            List<Problem> problems = checker.problems();
            if (problems.isEmpty()) {
                Problem over = fits.actions(batch, "/actions");
                if (over != null) problems = List.of(over);
            }
            if (!problems.isEmpty()) {
                checker = null; // what it folded is not what was written
                fits = null;
            }
            return problems;
        }

        /** False once a batch was refused: start a new session. */
        public boolean usable() {
            return checker != null;
        }
    }

    /**
     * The problems of a whole plan against the snapshot it is about to be applied to (its
     * revision is the caller's to compare), paths {@code /actions/N/…} into the plan.
     */
    public static List<Problem> plan(Plan plan, Snapshot current, Catalog catalog) {
        Admission admission = plan.spec() == null ? Admission.of(catalog)
                : Admission.of(dev.gpushare.engine.resolve.ResolvedSpec.of(plan.spec(), catalog));
        ActionShapes c = ActionShapes.over(StateView.of(current.state()), catalog);
        c.actions(plan.actions(), "/actions", 0);
        if (!c.problems().isEmpty()) return c.problems();
        Fits fits = Fits.over(current.state(), admission);
        Problem over = fits.actions(plan.actions(), "/actions");
        if (over != null) return List.of(over);
        return GpuModes.of(fits.state(), "/actions");
    }
}
