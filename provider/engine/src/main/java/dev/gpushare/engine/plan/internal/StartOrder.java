package dev.gpushare.engine.plan.internal;

import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Orders a plan's moves and placements so that no prefix of the plan leaves an instance over: the
 * apply-time check measures after every action, and a copy that grows in place while its neighbour
 * has not yet moved off the GPU, or two copies that swap GPUs, would be refused half-way. Greedy and
 * stable: the next action is the first pending one (in the planner's order) whose instances still
 * hold their copies after it ({@link Admission}, the checks placement uses); a plan that fits in
 * its order keeps it. When none fits — a cycle of moves over full GPUs — the first pending move is
 * split: its copy stops now and is placed again once there is room (SageMaker and ECS do the same
 * when a swap has no spare room).
 */
final class StartOrder {
    /** How far past the head a stuck plan is searched before a move is split (keeps a huge plan linear). */
    private static final int LOOK_AHEAD = 256;

    private StartOrder() {}

    /**
     * @param fold   the state before the starts (launches, stops and the configures before them folded)
     * @param starts moves and placements in the planner's order
     * @return the same actions (a stuck move as a stop and a later place) in an order whose every prefix fits
     */
    static List<Action> order(StateFold.Fold fold, List<Action> starts, Admission admission) {
        // Only an instance a copy moves off can be over for a moment: on any other the starts only
        // add copies, so every prefix holds a subset of what the desired state (which fits) holds
        // there, and every capacity check holds for a subset of copies that fits. A plan without
        // moves keeps its order at no cost.
        Set<InstanceId> sources = new java.util.HashSet<>();
        for (Action a : starts) if (a instanceof MoveCopy m) for (Placement p : m.from()) sources.add(p.instanceId());
        if (sources.isEmpty()) return starts;
        List<Action> pending = new ArrayList<>(starts);
        List<Action> out = new ArrayList<>(starts.size());
        List<Action> deferred = new ArrayList<>();
        int head = 0;
        while (head < pending.size()) {
            int pick = -1;
            for (int k = head; k < pending.size() && k <= head + LOOK_AHEAD; k++) {
                Action a = pending.get(k);
                if (a != null && fits(fold, a, admission, sources)) {
                    pick = k;
                    break;
                }
            }
            if (pick < 0) pick = split(pending, head, deferred);
            Action a = pending.get(pick);
            pending.set(pick, null);
            if (touches(a, sources)) fold.step(a); // the fold is read for the sources only
            out.add(a);
            while (head < pending.size() && pending.get(head) == null) head++;
            if (head == pending.size() && !deferred.isEmpty()) {
                pending.addAll(deferred);
                deferred.clear();
            }
        }
        return out;
    }

    /**
     * Nothing pending fits: the first pending move becomes a stop (taken now) and a place (queued);
     * without a move, the head is taken as it is (the apply-time check then says what is over).
     */
    private static int split(List<Action> pending, int head, List<Action> deferred) {
        for (int k = head; k < pending.size(); k++) {
            if (pending.get(k) instanceof MoveCopy m) {
                pending.set(k, new StopCopy(m.task(), m.from()));
                deferred.add(new PlaceCopy(m.task(), m.to()));
                return k;
            }
        }
        return head;
    }

    private static boolean touches(Action a, Set<InstanceId> sources) {
        for (InstanceId id : StateFold.named(a)) if (sources.contains(id)) return true;
        return false;
    }

    /** True when the instances the action fills still hold their copies after it (the fold is not changed). */
    private static boolean fits(StateFold.Fold fold, Action a, Admission admission, Set<InstanceId> sources) {
        if (!touches(a, sources)) return true;
        List<Placement> to = switch (a) {
            case PlaceCopy p -> p.placements();
            case MoveCopy m -> m.to();
            default -> List.of();
        };
        Set<InstanceId> ids = new LinkedHashSet<>();
        for (Placement p : to) ids.add(p.instanceId());
        for (Placement p : a instanceof MoveCopy m ? m.from() : List.<Placement>of()) ids.add(p.instanceId());
        StateFold.Fold trial = StateFold.Fold.empty("");
        for (InstanceId id : ids) {
            Instance i = fold.instance(id);
            if (i != null) trial.load(i);
        }
        trial.step(a);
        for (Placement p : to) {
            if (!sources.contains(p.instanceId())) continue;
            Instance i = trial.instance(p.instanceId());
            if (i != null && admission.check(i).isPresent()) return false;
        }
        return true;
    }
}
