package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * A launched instance's type is in the catalog, or declared by the launch (a type of the spec's
 * own) with a known GPU model and sizes in range, never both ({@link LaunchType}).
 */
final class LaunchTypeRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        Launch launch = Launch.of(action);
        return launch == null ? List.of() : launch.type(path, shapes.catalog()).problems();
    }
}
