package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/** {@code terminateInstance} names an instance id of gpushare's shape ({@code OWNER-N}). */
final class TerminatedIdRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        if (!(action instanceof Action.TerminateInstance t) || Ids.instance(t.instanceId())) return List.of();
        return List.of(ShapeProblems.badId(path + "/instance", "instance id", t.instanceId()));
    }
}
