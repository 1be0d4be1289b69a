package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.FRACTIONAL_INSTANCE_REQUIRES_FRACTION;
import static dev.gpushare.engine.validate.ValidationCode.FRACTION_MISMATCH;
import static dev.gpushare.engine.validate.ValidationCode.FRACTION_REQUIRES_FRACTIONAL_INSTANCE;

import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * Fractional GPUs go to fractional instances of exactly that slice, and a fractional instance takes
 * nothing but its fraction (its vGPU slice can neither be dedicated whole, run MPS nor be MIG-cut).
 */
final class FractionRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        List<Problem> out = new ArrayList<>();
        for (var use : ctx.uses()) {
            var type = use.hardware().type();
            var containers = use.task().containers();
            for (int c = 0; c < containers.size(); c++) {
                var gpu = containers.get(c).gpu();
                if (gpu == null) continue;
                String name = containers.get(c).name();
                if (type.fractional()) {
                    if (gpu instanceof GpuRequirement.Fraction f) {
                        if (f.value().compareTo(type.fraction()) != 0) {
                            out.add(Problems.of(Paths.gpu(use.taskIndex(), c), FRACTION_MISMATCH, "container '" + name
                                    + "' asks for " + f.value().toPlainString() + " of a GPU but " + use.where()
                                    + " has " + type.fraction().toPlainString() + "; ask for "
                                    + type.fraction().toPlainString() + " or use a fractional type of that size"));
                        }
                    } else {
                        out.add(Problems.of(Paths.gpu(use.taskIndex(), c), FRACTIONAL_INSTANCE_REQUIRES_FRACTION,
                                "container '" + name + "' asks for " + GpuForm.of(gpu).label + " but " + use.where()
                                        + " only offers its " + type.fraction().toPlainString()
                                        + " GPU slice; ask for gpu: " + type.fraction().toPlainString()
                                        + " or use a full-GPU instance type"));
                    }
                } else if (gpu instanceof GpuRequirement.Fraction f) {
                    out.add(Problems.of(Paths.gpu(use.taskIndex(), c), FRACTION_REQUIRES_FRACTIONAL_INSTANCE,
                            "container '" + name + "' asks for " + f.value().toPlainString() + " of a GPU but "
                                    + use.where() + " has full GPUs; use a fractional instance type (g6f, gr6f)"
                                    + " or ask for a whole GPU or an nvidiaMps share"));
                }
            }
        }
        return out;
    }
}
