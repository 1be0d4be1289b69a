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
        return apply(backend, plan, listener, batchSize, null);
    }

    /**
     * As {@link #apply(Backend, Plan, ApplyListener, int)}; with a {@code gate}, a batch also ends
     * at the end of each rollout wave, and after it commits the wave's new copies must be ready
     * ({@link RolloutGate}): those that are not within the deadline count towards the service's
     * deployment circuit breaker; tripped, the rollout stops ({@link ApplyCode#ROLLOUT_STOPPED}),
     * its committed waves are undone when the breaker has {@code rollback}, and its record says so.
     *
     * @param gate null: no readiness gate (every wave goes on once committed)
     */
    public static ApplyOutcome apply(Backend backend, Plan plan, ApplyListener listener, int batchSize, RolloutGate gate) {
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
        boolean gated = gate != null && !plan.rollouts().isEmpty();
        java.util.Map<String, Integer> notReady = new java.util.HashMap<>();
        while (done < actions.size()) {
            int end = Math.min(actions.size(), done + batchSize);
            if (gated) {
                for (int i = done; i < end; i++) {
                    if (waveEnds(plan, i)) {
                        end = i + 1;
                        break;
                    }
                }
            }
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
            if (gated && waveEnds(plan, done - 1)) {
                ApplyOutcome stopped = gate(backend, plan, done - 1, gate, notReady, revision, done);
                if (stopped != null) return stopped;
            }
        }
        return new ApplyOutcome.Applied(revision, done);
    }

    /** True when action {@code i} is the last of its rollout wave. */
    private static boolean waveEnds(Plan plan, int i) {
        int w = plan.waveOf(i);
        return w > 0 && (i + 1 >= plan.actions().size() || plan.waveOf(i + 1) != w);
    }

    /**
     * The readiness gate after the wave that action {@code last} ends: null to go on, else how the
     * apply ends (the breaker tripped: the rollout undone where it rolls back, and recorded).
     */
    private static ApplyOutcome gate(Backend backend, Plan plan, int last, RolloutGate gate, java.util.Map<String, Integer> notReady,
                                     long revision, int done) {
        int wave = plan.waveOf(last);
        dev.gpushare.engine.plan.Rollout rollout = null;
        for (dev.gpushare.engine.plan.Rollout r : plan.rollouts()) if (wave >= r.firstWave() && wave <= r.lastWave()) rollout = r;
        if (rollout == null) return null;
        List<Action.Placement> started = new ArrayList<>();
        int first = last;
        while (first > 0 && plan.waveOf(first - 1) == wave) first--;
        for (int i = first; i <= last; i++) {
            switch (plan.actions().get(i)) {
                case Action.MoveCopy m -> started.addAll(m.to());
                case Action.PlaceCopy p -> started.addAll(p.placements());
                default -> { }
            }
        }
        java.util.Map<dev.gpushare.engine.state.TaskId, String> waiting = gate.readiness().notReady(plan.cluster(), started);
        long until = System.nanoTime() + gate.deadline().toNanos();
        while (!waiting.isEmpty() && System.nanoTime() < until) {
            try {
                Thread.sleep(Math.max(1, Math.min(gate.poll().toMillis(), (until - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            waiting = gate.readiness().notReady(plan.cluster(), started);
        }
        int failed = notReady.merge(rollout.group(), waiting.size(), Integer::sum);
        dev.gpushare.model.DeploymentCircuitBreaker breaker = breaker(plan, rollout.group());
        int desired = desired(plan, rollout.group(), rollout.copies());
        int threshold = CircuitBreaker.threshold(desired);
        if (breaker == null || !breaker.enable() || failed < threshold) return null;

        // tripped: undo the rollout's committed waves (with rollback), and record how it ended
        String why = "circuit breaker: " + failed + " new cop" + (failed == 1 ? "y" : "ies") + " not ready within "
                + gate.deadline().toSeconds() + " s (threshold " + threshold + " = ½ × desiredCount " + desired
                + ", at least 3, at most 200); first: " + waiting.entrySet().iterator().next().getKey() + ": "
                + waiting.entrySet().iterator().next().getValue();
        List<Action> undo = new ArrayList<>();
        if (breaker.rollback()) {
            List<Action> committed = new ArrayList<>();
            for (int i = 0; i <= last; i++) {
                int w = plan.waveOf(i);
                if (w >= rollout.firstWave() && w <= wave) committed.add(plan.actions().get(i));
            }
            undo.addAll(dev.gpushare.engine.reconcile.internal.Rollback.of(committed));
        }
        int k = wave - rollout.firstWave() + 1;
        dev.gpushare.engine.state.RolloutRecord.Phase phase = breaker.rollback()
                ? dev.gpushare.engine.state.RolloutRecord.Phase.ROLLED_BACK : dev.gpushare.engine.state.RolloutRecord.Phase.FAILED;
        undo.add(new Action.RecordRollout(new dev.gpushare.engine.state.RolloutRecord(rollout.group(), rollout.from(), rollout.to(), k,
                rollout.waves(), phase, why)));
        BatchResult r = backend.apply(plan.cluster(), revision, undo);
        String what = rollout.group() + "'s rollout " + String.join(", ", rollout.from()) + " → " + rollout.to() + " stopped at wave "
                + k + " of " + rollout.waves() + ": " + why + (breaker.rollback()
                ? "; every copy it replaced is back on the revision it ran"
                : "; deploymentCircuitBreaker.rollback is false, so the copies it replaced keep the new revision");
        return switch (r) {
            case BatchResult.Committed c -> new ApplyOutcome.Refused(List.of(dev.gpushare.model.problem.Problem.at(
                    "/rollouts/" + plan.rollouts().indexOf(rollout), ApplyCode.ROLLOUT_STOPPED, what)), done);
            case BatchResult.RevisionConflict conflict -> new ApplyOutcome.Conflict(conflict, done);
            case BatchResult.Refused refused -> new ApplyOutcome.Refused(refused.problems(), done);
        };
    }

    private static dev.gpushare.model.DeploymentCircuitBreaker breaker(Plan plan, String group) {
        if (plan.spec() == null) return null;
        for (dev.gpushare.model.Service s : plan.spec().services()) if (s.name().equals(group)) return s.deploymentCircuitBreaker();
        return null;
    }

    private static int desired(Plan plan, String group, int fallback) {
        if (plan.spec() == null) return fallback;
        for (dev.gpushare.model.Service s : plan.spec().services()) if (s.name().equals(group)) return s.desiredCount();
        return fallback;
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
