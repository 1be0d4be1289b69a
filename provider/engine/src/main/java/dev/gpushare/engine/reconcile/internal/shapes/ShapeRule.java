package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * One check of an action's shape: every problem it finds in {@code action} (at {@code path}),
 * measured against the instances as the earlier actions of the batch leave them ({@link Shapes}).
 * A rule answers only for the kinds of action it is about (an empty list for the others), never
 * throws for a forged action, and skips what another rule reports (an unknown type is reported
 * once, by {@link LaunchTypeRule}).
 */
interface ShapeRule {
    List<Problem> check(Action action, String path, Shapes shapes);
}
