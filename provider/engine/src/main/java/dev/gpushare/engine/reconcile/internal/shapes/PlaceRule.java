package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a placed or moved copy goes: a copy of gpushare's shape, placed somewhere, on GPUs that
 * exist (in the cluster or launched earlier in the batch), each allocation as {@link
 * AllocationCheck} has it.
 */
final class PlaceRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        return switch (action) {
            case Action.PlaceCopy p -> place(p.task(), p.placements(), path, shapes);
            case Action.MoveCopy m -> place(m.task(), m.to(), path, shapes);
            default -> List.of();
        };
    }

    private static List<Problem> place(TaskId task, List<Placement> placements, String path, Shapes shapes) {
        String listPath = path + "/to";
        if (!Ids.task(task)) return List.of(ShapeProblems.badId(path + "/task", "task", task));
        if (placements.isEmpty()) return List.of(ShapeProblems.of(listPath, ApplyCode.ACTION_UNKNOWN_TARGET, "copy " + task
                + " is placed nowhere"));
        // per container, the GPUs it gets (NVIDIA_VISIBLE_DEVICES lists them all)
        record Container(InstanceId instance, String name) {}
        Map<Container, List<Integer>> gpusOf = new HashMap<>();
        for (Placement p : placements) {
            gpusOf.computeIfAbsent(new Container(p.instanceId(), p.allocation().container()), k -> new ArrayList<>()).add(p.gpuIndex());
        }
        List<Problem> out = new ArrayList<>();
        for (int k = 0; k < placements.size(); k++) {
            Placement p = placements.get(k);
            String pp = listPath + "/" + k;
            Shapes.G g = target(p, pp, shapes, out);
            if (g == null) continue;
            out.addAll(AllocationCheck.check(task, p, g, gpusOf.get(new Container(p.instanceId(), p.allocation().container())),
                    pp + "/allocation", shapes.catalog()));
        }
        return out;
    }

    /** The GPU a placement names, or null after adding to {@code out} why it does not exist. */
    private static Shapes.G target(Placement p, String path, Shapes shapes, List<Problem> out) {
        if (!Ids.instance(p.instanceId())) {
            out.add(ShapeProblems.badId(path + "/instance", "instance id", p.instanceId()));
            return null;
        }
        Shapes.Inst in = shapes.instance(p.instanceId());
        if (in == null) {
            out.add(ShapeProblems.of(path + "/instance", ApplyCode.ACTION_UNKNOWN_TARGET, "places a copy on instance "
                    + p.instanceId() + ", which neither the cluster nor an earlier action has"));
            return null;
        }
        Shapes.G g = in.gpus.get(p.gpuIndex());
        if (g == null) out.add(ShapeProblems.of(path + "/gpu", ApplyCode.ACTION_OUT_OF_RANGE, "instance " + p.instanceId()
                + " has GPUs 0 to " + (in.gpus.size() - 1) + ", not " + p.gpuIndex()));
        return g;
    }
}
