package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.MIG_NOT_SUPPORTED;
import static dev.gpushare.engine.validate.ValidationCode.MPS_NOT_SUPPORTED;
import static dev.gpushare.engine.validate.ValidationCode.SHARING_ON_FRACTIONAL;
import static dev.gpushare.engine.validate.ValidationCode.TIME_SLICING_TOO_FEW_REPLICAS;

import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/** A capacity provider's sharing strategy is one its instance type's GPU can do. */
final class SharingStrategyRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return Each.entry(ctx.spec().capacityProviders(), (i, p, out) -> {
            if (p.gpuSharing() == null) return;
            var hw = ctx.hardware(p.instanceType());
            if (hw.isEmpty()) return;
            var type = hw.get().type();
            var gpu = hw.get().gpu();
            String at = Paths.provider(i) + "/gpuSharing";
            if (type.fractional()) {
                out.add(Problems.of(at, SHARING_ON_FRACTIONAL, "capacity provider '" + p.name() + "' uses "
                        + type.name() + ", a fractional instance (" + type.fraction().toPlainString()
                        + " of an " + gpu.name() + ") whose GPU is already a hardware slice; remove gpuSharing"));
                return;
            }
            switch (p.gpuSharing()) {
                case GpuSharing.Mps mps -> {
                    if (!gpu.mpsCapable()) {
                        out.add(Problems.of(at + "/strategy", MPS_NOT_SUPPORTED, "the " + gpu.name() + " GPU of "
                                + type.name() + " cannot enforce MPS limits; use EXCLUSIVE or an MPS-capable instance type"));
                    }
                }
                case GpuSharing.Mig mig -> {
                    if (!gpu.migCapable()) {
                        out.add(Problems.of(at + "/strategy", MIG_NOT_SUPPORTED, "the " + gpu.name() + " GPU of "
                                + type.name() + " is not MIG-capable; use MPS or EXCLUSIVE, or a MIG-capable instance type"));
                    }
                }
                case GpuSharing.TimeSlicing ts -> {
                    if (ts.replicas() < 2) {
                        out.add(Problems.of(at + "/replicas", TIME_SLICING_TOO_FEW_REPLICAS, "replicas is "
                                + ts.replicas() + "; time slicing needs at least 2 (or use EXCLUSIVE)"));
                    }
                }
                case GpuSharing.Exclusive ex -> { }
            }
        });
    }
}
