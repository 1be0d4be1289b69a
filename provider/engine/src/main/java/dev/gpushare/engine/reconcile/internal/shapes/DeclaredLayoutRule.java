package dev.gpushare.engine.reconcile.internal.shapes;

import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.show;

import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * The MIG layout a launch declares (an endpoint's) has at most 8 profiles, each a profile of the
 * instance's GPU model, which must be MIG-capable. Skipped when the type is unknown or the GPUs are
 * not the type's ({@link LaunchTypeRule}, {@link InstanceGpusRule}).
 */
final class DeclaredLayoutRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        Launch launch = Launch.of(action);
        if (launch == null || launch.declaredLayout() == null) return List.of();
        LaunchType lt = launch.type(path, shapes.catalog());
        if (!lt.known() || launch.instance().gpus().size() != lt.type().gpuCount()) return List.of();
        List<String> layout = launch.declaredLayout();
        GpuModel model = lt.model();
        if (layout.size() > 8 || !model.migCapable()) {
            return List.of(ShapeProblems.of(path + "/declaredLayout", ApplyCode.ACTION_INSTANCE_SHAPE, "a declared layout of "
                    + layout.size() + " MIG profiles does not fit a " + model.name()));
        }
        List<Problem> out = new ArrayList<>();
        for (int k = 0; k < layout.size(); k++) {
            if (model.mig().profile(MigProfile.normalize(String.valueOf(layout.get(k)))).isEmpty()) {
                out.add(ShapeProblems.of(path + "/declaredLayout/" + k, ApplyCode.ACTION_INSTANCE_SHAPE, "profile "
                        + show(layout.get(k)) + " is not a MIG profile of " + model.name()));
            }
        }
        return out;
    }
}
