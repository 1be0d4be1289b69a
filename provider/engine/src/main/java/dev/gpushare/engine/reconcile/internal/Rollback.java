package dev.gpushare.engine.reconcile.internal;

import dev.gpushare.engine.plan.Action;
import java.util.ArrayList;
import java.util.List;

/**
 * The actions that undo a committed prefix of a rollout's waves, newest first: each copy the
 * waves replaced goes back where it ran, on the revision it ran (a move back; a copy stopped first
 * and placed anew is stopped and its old copy placed again), a GPU configured for the new copies
 * goes back to its mode, a surge instance launched for them is terminated. Each inverse step fits
 * where its forward step came from (it restores a state the waves passed through).
 */
public final class Rollback {
    private Rollback() {}

    public static List<Action> of(List<Action> committed) {
        List<Action> out = new ArrayList<>();
        for (int i = committed.size() - 1; i >= 0; i--) {
            Action a = committed.get(i);
            switch (a) {
                case Action.MoveCopy m -> out.add(new Action.MoveCopy(m.task(), m.to(), m.from(),
                        "rollback to the revision it ran", false));
                case Action.PlaceCopy p -> out.add(new Action.StopCopy(p.task(), p.placements()));
                case Action.StopCopy s -> out.add(new Action.PlaceCopy(s.task(), s.from()));
                case Action.ConfigureGpu c -> {
                    if (c.fromMode() != null) {
                        out.add(new Action.ConfigureGpu(c.instanceId(), c.gpuIndex(), c.mode(), c.fromMode(), c.fraction(), c.partitions()));
                    }
                }
                case Action.LaunchInstance l -> out.add(new Action.TerminateInstance(l.instance().id(),
                        "surge instance of a rollout that was rolled back"));
                case Action.RecordRollout r -> { }
                case Action.ReplaceInstance r -> throw new IllegalArgumentException("a rollout's waves replace no instance: " + r);
                case Action.TerminateInstance t -> throw new IllegalArgumentException("a rollout's waves terminate no instance: " + t);
            }
        }
        return out;
    }
}
