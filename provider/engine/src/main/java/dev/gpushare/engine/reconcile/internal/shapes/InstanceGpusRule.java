package dev.gpushare.engine.reconcile.internal.shapes;

import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.show;

import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * A launched instance has the GPUs of its type: as many, numbered from 0, of its model and usable
 * memory, each configured as the type allows ({@link GpuConfig}), and no copies yet. Skipped when
 * the type is unknown ({@link LaunchTypeRule} says so).
 */
final class InstanceGpusRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        Launch launch = Launch.of(action);
        if (launch == null) return List.of();
        LaunchType lt = launch.type(path, shapes.catalog());
        if (!lt.known()) return List.of();
        Instance i = launch.instance();
        InstanceType type = lt.type();
        GpuModel model = lt.model();
        String at = path + "/instance";
        if (i.gpus().size() != type.gpuCount()) {
            return List.of(shape(at + "/gpus", "instance " + show(i.id()) + " of type " + type.name() + " has "
                    + i.gpus().size() + " GPUs; the type has " + type.gpuCount()));
        }
        long memory = type.usableGpuMemoryMiB(model);
        List<Problem> out = new ArrayList<>();
        for (int k = 0; k < i.gpus().size(); k++) {
            Gpu g = i.gpus().get(k);
            String gp = at + "/gpus/" + k;
            if (g.index() != k) out.add(shape(gp + "/index", "GPU " + k + " of " + show(i.id()) + " has index " + g.index()
                    + "; GPUs are numbered 0 to " + (type.gpuCount() - 1)));
            if (!model.name().equals(g.model())) out.add(shape(gp + "/model", "GPU " + k + " of " + show(i.id()) + " is a "
                    + show(g.model()) + "; a " + type.name() + " has " + model.name()));
            if (g.memoryMiB() != memory) out.add(shape(gp + "/memoryMiB", "GPU " + k + " of " + show(i.id()) + " has "
                    + g.memoryMiB() + " MiB; a " + type.name() + " GPU has " + memory + " MiB"));
            if (!g.allocations().isEmpty()) out.add(shape(gp + "/allocations",
                    "a launched instance starts without copies; place them with placeCopy"));
            out.addAll(GpuConfig.check(type, model, g.mode(), g.fraction(), g.partitions(), gp));
        }
        return out;
    }

    private static Problem shape(String path, String message) {
        return ShapeProblems.of(path, ApplyCode.ACTION_INSTANCE_SHAPE, message);
    }
}
