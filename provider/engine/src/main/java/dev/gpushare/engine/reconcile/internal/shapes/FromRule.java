package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a moved or stopped copy ran (the plan text says so): the copy, the instances and the
 * containers have gpushare's shapes. Only the shapes: the state's own copy is what is stopped.
 */
final class FromRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        return switch (action) {
            case Action.MoveCopy m -> from(m.task(), m.from(), path);
            case Action.StopCopy s -> from(s.task(), s.from(), path);
            default -> List.of();
        };
    }

    private static List<Problem> from(TaskId task, List<Placement> from, String path) {
        List<Problem> out = new ArrayList<>();
        if (!Ids.task(task)) out.add(ShapeProblems.badId(path + "/task", "task", task));
        for (int k = 0; k < from.size(); k++) {
            Placement p = from.get(k);
            String pp = path + "/from/" + k;
            if (!Ids.instance(p.instanceId())) out.add(ShapeProblems.badId(pp + "/instance", "instance id", p.instanceId()));
            if (!Ids.text(p.allocation().container())) out.add(ShapeProblems.badId(pp + "/allocation/container", "container",
                    p.allocation().container()));
        }
        return out;
    }
}
