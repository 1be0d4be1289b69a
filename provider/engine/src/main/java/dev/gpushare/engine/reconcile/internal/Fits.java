package dev.gpushare.engine.reconcile.internal;

import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.reconcile.StateView;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.model.problem.Problem;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Capacity at the apply boundary: folds a batch action by action with the one transition ({@link
 * StateFold.Fold}), loading from the backend only the instances the actions name, and after each
 * action measures the instances it put copies on (or reconfigured) with {@link Admission} — the
 * feasibility checks placement uses. The first action that leaves an instance over is the problem.
 */
public final class Fits {
    private final StateFold.Fold fold;
    private final StateView view;
    private final Admission admission;

    private Fits(StateFold.Fold fold, StateView view, Admission admission) {
        this.fold = fold;
        this.view = view;
        this.admission = admission;
    }

    /** Over a backend's state, read an instance at a time as actions name them (with their allocations). */
    public static Fits over(String cluster, StateView view, Admission admission) {
        return new Fits(StateFold.Fold.empty(cluster), view, admission);
    }

    /** Over a whole state. */
    public static Fits over(FleetState state, Admission admission) {
        return new Fits(StateFold.Fold.of(state), id -> java.util.Optional.empty(), admission);
    }

    /** The state folded so far (of the instances loaded: the whole state for {@link #over(FleetState, Admission)}). */
    public FleetState state() {
        return fold.state();
    }

    /** Folds the actions; the problem of the first one that leaves an instance over, else null. */
    public Problem actions(List<? extends Action> actions, String base) {
        for (int i = 0; i < actions.size(); i++) {
            Problem p = step(actions.get(i), base + "/" + i);
            if (p != null) return p;
        }
        return null;
    }

    /** Folds one action; the problem when an instance it fills or reconfigures cannot hold its copies. */
    public Problem step(Action action, String path) {
        for (InstanceId id : StateFold.named(action)) {
            if (!fold.knows(id)) view.instance(id).ifPresent(fold::load);
        }
        fold.step(action);
        Set<InstanceId> filled = new LinkedHashSet<>();
        List<Placement> to = switch (action) {
            case PlaceCopy p -> p.placements();
            case MoveCopy m -> m.to();
            default -> List.of();
        };
        for (Placement p : to) filled.add(p.instanceId());
        if (action instanceof ConfigureGpu c) filled.add(c.instanceId());
        for (InstanceId id : filled) {
            Instance now = fold.instance(id);
            if (now == null) continue;
            var over = admission.check(now, placed(action));
            if (over.isEmpty()) continue;
            Admission.Overflow o = over.get();
            return Problem.at(where(path, to, id, o.gpu(), action), ApplyCode.ACTION_CAPACITY, "after this action instance "
                    + id + " cannot hold its copies: " + o.message() + "; a batch is checked action by action against"
                    + " the state it applies to — plan again against the current state (gpushare plan)");
        }
        return null;
    }

    private static dev.gpushare.engine.state.TaskId placed(Action action) {
        return switch (action) {
            case PlaceCopy p -> p.task();
            case MoveCopy m -> m.task();
            default -> null;
        };
    }

    /** The placement of the action on the GPU that overflowed (else its first on the instance, else the action). */
    private static String where(String path, List<Placement> to, InstanceId id, int gpu, Action action) {
        String list = "/to/"; // placeCopy and moveCopy both list their placements under "to"
        int first = -1;
        for (int k = 0; k < to.size(); k++) {
            if (!to.get(k).instanceId().equals(id)) continue;
            if (to.get(k).gpuIndex() == gpu) return path + list + k;
            if (first < 0) first = k;
        }
        return first >= 0 ? path + list + first : path;
    }
}
