package dev.gpushare.engine.reconcile.internal.shapes;

import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.badId;
import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.show;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * The instance type and GPU model of a launched instance: the catalog's, or the declaration the
 * action carries. {@code type} and {@code model} are null when {@code problems} says why.
 */
record LaunchType(InstanceType type, GpuModel model, List<Problem> problems) {
    static LaunchType of(Instance i, InstanceTypeDef declared, String path, Catalog catalog) {
        String at = path + "/instance/instanceType";
        String name = i.instanceType();
        if (name == null || !Ids.TYPE.matcher(name).matches()) return refused(badId(at, "instance type", name));
        InstanceType known = catalog.instanceType(name).orElse(null);
        InstanceType type;
        if (known != null && known.builtIn()) {
            if (declared != null) return refused(ShapeProblems.of(path + "/declaredType", ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE,
                    "instance type " + name + " is in the catalog; a launch of it declares nothing"));
            type = known;
        } else if (declared == null) {
            if (known == null) return refused(ShapeProblems.of(at, ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE, "instance type " + show(name)
                    + " is not in the catalog and the launch declares no such type; see `gpushare catalog`"));
            type = known; // declared to the catalog this check was given
        } else {
            String dp = path + "/declaredType";
            if (!name.equals(declared.name())) return refused(ShapeProblems.of(dp + "/name", ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE,
                    "the launch declares type " + show(declared.name()) + " for an instance of type " + name));
            if (catalog.gpuModel(declared.gpuModel()).isEmpty()) return refused(ShapeProblems.of(dp + "/gpuModel",
                    ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE, "declared type " + name + " names GPU model "
                    + show(declared.gpuModel()) + ", which the catalog does not know"));
            if (declared.gpuCount() < 1 || declared.gpuCount() > 64 || declared.vcpus() < 1 || declared.memoryMiB() < 1) {
                return refused(ShapeProblems.of(dp, ApplyCode.ACTION_OUT_OF_RANGE, "declared type " + name + " has " + declared.gpuCount()
                        + " GPUs, " + declared.vcpus() + " vCPUs and " + declared.memoryMiB()
                        + " MiB; use 1 to 64 GPUs and positive sizes"));
            }
            type = new InstanceType(name, declared.gpuModel(), declared.gpuCount(), declared.vcpus(), declared.memoryMiB(),
                    null, null, false);
        }
        GpuModel model = catalog.gpuModel(type.gpuModel()).orElse(null);
        if (model == null) return new LaunchType(type, null, List.of(ShapeProblems.of(at, ApplyCode.ACTION_UNKNOWN_INSTANCE_TYPE,
                "instance type " + show(type.name()) + " has GPU model " + show(type.gpuModel())
                        + ", which the catalog does not know")));
        return new LaunchType(type, model, List.of());
    }

    /** True when the type and its GPU model are known (the GPUs can be checked against them). */
    boolean known() {
        return model != null;
    }

    private static LaunchType refused(Problem p) {
        return new LaunchType(null, null, List.of(p));
    }
}
