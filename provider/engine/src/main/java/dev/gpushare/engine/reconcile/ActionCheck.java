package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.internal.Checker;
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
 * what gpushare derives from them ({@link dev.gpushare.engine.state.ContainerEnv}). A whole plan is
 * also checked at its end: no GPU holds more than it can. (Within a plan a GPU may hold more for a
 * moment, as a moved copy starts before the old one stops, so single batches are not checked that
 * way.)
 */
public final class ActionCheck {
    private ActionCheck() {}

    /**
     * The problems of one batch against the backend's current state, paths {@code /actions/N/…}
     * into the batch. Empty when it may be written.
     */
    public static List<Problem> batch(List<Action> batch, StateView current, Catalog catalog) {
        Checker c = Checker.over(current, catalog);
        c.actions(batch, "/actions", 0);
        return c.problems();
    }

    /**
     * A check that carries what it learned from one batch to the next: for a backend applying a
     * plan's batches one after another on one connection, which then reads each instance once per
     * plan instead of once per batch. Valid only while nothing else writes the cluster — the caller
     * keeps a session only while the cluster is at the revision its own last commit left.
     */
    public static Session session(StateView current, Catalog catalog) {
        return new Session(Checker.over(current, catalog));
    }

    /** See {@link #session}. Not thread-safe. */
    public static final class Session {
        private Checker checker;

        private Session(Checker checker) {
            this.checker = checker;
        }

        /** The problems of the next batch (empty: it may be written, and it is folded in). */
        public List<Problem> check(List<Action> batch) {
            checker.actions(batch, "/actions", 0);
            List<Problem> problems = checker.problems();
            if (!problems.isEmpty()) checker = null; // what it folded is not what was written
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
        Checker c = Checker.tracking(current.state(), catalog);
        c.actions(plan.actions(), "/actions", 0);
        if (c.problems().isEmpty()) c.endState("/actions");
        return c.problems();
    }
}
