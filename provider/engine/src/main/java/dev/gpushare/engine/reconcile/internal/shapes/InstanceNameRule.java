package dev.gpushare.engine.reconcile.internal.shapes;

import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.badId;
import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.show;

import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * A launched instance is named after its owner ({@code OWNER-N}, both gpushare names), and its
 * health reason is printable text.
 */
final class InstanceNameRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        Launch launch = Launch.of(action);
        if (launch == null) return List.of();
        Instance i = launch.instance();
        String at = path + "/instance";
        List<Problem> out = new ArrayList<>();
        boolean idOk = Ids.instance(i.id());
        if (!idOk) out.add(badId(at + "/id", "instance id", i.id()));
        if (!Ids.name(i.owner().name())) {
            out.add(badId(at + "/" + i.owner().field(), "owner", i.owner().name()));
        } else if (idOk && !i.id().of(i.owner())) {
            out.add(ShapeProblems.of(at + "/id", ApplyCode.ACTION_MALFORMED_ID, "instance " + show(i.id())
                    + " is not named after its owner " + show(i.owner().name()) + " (OWNER-N)"));
        }
        if (i.healthReason() != null) out.addAll(ShapeProblems.text(i.healthReason(), at + "/healthReason"));
        return out;
    }
}
