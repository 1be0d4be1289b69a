package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * A rollout record names its service or component and the revision it rolls out to as printable
 * text of at most {@link Ids#MAX_TEXT} characters ({@code ACTION_TEXT}): {@code gpushare status}
 * prints both.
 */
final class RolloutRecordRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        if (!(action instanceof Action.RecordRollout r)) return List.of();
        List<Problem> out = new ArrayList<>(ShapeProblems.text(r.record().group(), path + "/rollout/group"));
        out.addAll(ShapeProblems.text(r.record().to(), path + "/rollout/to"));
        return out;
    }
}
