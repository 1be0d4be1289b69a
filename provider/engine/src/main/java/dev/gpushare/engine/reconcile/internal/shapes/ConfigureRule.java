package dev.gpushare.engine.reconcile.internal.shapes;

import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.show;

import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * {@code configureGpu} names a GPU the instance has (in the cluster or launched earlier in the
 * batch) and sets a configuration its type and model allow ({@link GpuConfig}).
 */
final class ConfigureRule implements ShapeRule {
    @Override
    public List<Problem> check(Action action, String path, Shapes shapes) {
        if (!(action instanceof Action.ConfigureGpu c)) return List.of();
        if (!Ids.instance(c.instanceId())) return List.of(ShapeProblems.badId(path + "/instance", "instance id", c.instanceId()));
        Shapes.Inst in = shapes.instance(c.instanceId());
        if (in == null) return List.of(ShapeProblems.of(path + "/instance", ApplyCode.ACTION_UNKNOWN_TARGET,
                "configures instance " + c.instanceId() + ", which the cluster does not have"));
        Shapes.G g = in.gpus.get(c.gpuIndex());
        if (g == null) return List.of(ShapeProblems.of(path + "/gpu", ApplyCode.ACTION_OUT_OF_RANGE, "instance "
                + c.instanceId() + " has GPUs 0 to " + (in.gpus.size() - 1) + ", not " + c.gpuIndex()));
        InstanceType type = in.type != null ? in.type : undeclared(in, g);
        GpuModel model = shapes.catalog().gpuModel(g.model).orElse(null);
        if (model == null) return List.of(ShapeProblems.of(path, ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE, "GPU "
                + c.gpuIndex() + " of " + c.instanceId() + " is a " + show(g.model) + ", which the catalog does not know"));
        return GpuConfig.check(type, model, c.mode(), c.fraction(), c.partitions(), path);
    }

    /** An instance read from the state whose type is declared by its spec (not in the catalog): whole GPUs of its model. */
    private static InstanceType undeclared(Shapes.Inst in, Shapes.G g) {
        return new InstanceType(in.head.instanceType(), g.model, in.gpus.size(), 1, 1, null, null, false);
    }
}
