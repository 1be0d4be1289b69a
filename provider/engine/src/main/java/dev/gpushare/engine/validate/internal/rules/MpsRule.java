package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.MPS_MEMORY_EXCEEDS_GPU;
import static dev.gpushare.engine.validate.ValidationCode.MPS_REQUIRES_MPS_SHARING;

import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * nvidiaMps containers run on MPS providers, and the MPS memory of one task fits one GPU: ECS puts
 * every MPS container of a task on the same GPU, however many the instance has. Fractional types
 * are {@link FractionRule}'s concern.
 */
final class MpsRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return Each.wholeTypeUse(ctx, (use, out) -> {
            var containers = use.task().containers();
            boolean mpsProvider = use.sharing() instanceof GpuSharing.Mps;
            long sum = 0;
            boolean reported = false;
            for (int c = 0; c < containers.size(); c++) {
                if (!(containers.get(c).gpu() instanceof GpuRequirement.NvidiaMps mps)) continue;
                String at = Paths.gpu(use.taskIndex(), c);
                if (!mpsProvider) {
                    out.add(Problems.of(at, MPS_REQUIRES_MPS_SHARING, "container '" + containers.get(c).name()
                            + "' asks for an nvidiaMps share but " + use.where() + " does not use MPS;"
                            + " move the service to an MPS capacity provider or ask for whole GPUs"));
                }
                sum += mps.memoryMiB();
                long usable = use.hardware().usableMemoryMiB();
                if (!reported && sum > usable) {
                    reported = true; // the container that pushes the sum over is the one to change
                    out.add(Problems.of(at + "/nvidiaMps/memory", MPS_MEMORY_EXCEEDS_GPU, "the nvidiaMps containers of task '"
                            + use.task().family() + "' need " + sum + " MiB on one GPU up to container '"
                            + containers.get(c).name() + "', but one " + use.hardware().gpu().name() + " of "
                            + use.hardware().type().name() + " (capacity provider '" + use.provider().name() + "') has "
                            + usable + " MiB usable; lower memory by " + (sum - usable)
                            + " MiB or use a GPU with more memory"));
                }
            }
        });
    }
}
