package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * The reason of a replacement, a move or a termination is printable text of at most {@link
 * Ids#MAX_TEXT} characters ({@code ACTION_TEXT}): plan text and {@code gpushare status} print it.
 */
final class ReasonRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        return switch (action) {
            case Action.ReplaceInstance r -> ShapeProblems.text(r.reason(), path + "/reason");
            case Action.MoveCopy m -> ShapeProblems.text(m.reason(), path + "/reason");
            case Action.TerminateInstance t -> ShapeProblems.text(t.reason(), path + "/reason");
            default -> List.of();
        };
    }
}
