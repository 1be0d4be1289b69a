package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.ALL_NOT_ALLOWED;
import static dev.gpushare.engine.validate.ValidationCode.GPU_COUNT_EXCEEDS_INSTANCE;
import static dev.gpushare.engine.validate.ValidationCode.WHOLE_GPU_ON_SHARED_STRATEGY;

import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * Whole GPUs ({@code n} and {@code "ALL"}) only where a GPU can be dedicated, and no more of them
 * per task than the instance has.
 *
 * <p>{@code "ALL"} is allowed on EXCLUSIVE providers, and on MPS providers when it is the task's
 * only GPU container (it then dedicates every GPU of its instance, as ECS does). On EXCLUSIVE it
 * counts as the instance's GPU count, so ALL next to any other whole-GPU container is
 * GPU_COUNT_EXCEEDS_INSTANCE; on MPS any other GPU container next to it is ALL_NOT_ALLOWED.
 *
 * <p>On TIME_SLICING providers {@code n} and {@code "ALL"} take one replica on each of {@code n}
 * (or every) GPU of the instance; on MIG providers they are refused (ask for a partition).
 */
final class WholeGpuRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return Each.wholeTypeUse(ctx, (use, out) -> {
            var containers = use.task().containers();
            int gpuContainers = (int) containers.stream().filter(c -> c.gpu() != null).count();
            int instanceGpus = use.hardware().type().gpuCount();
            boolean shared = switch (use.sharing()) {
                case GpuSharing.Mig m -> true;
                // On TIME_SLICING a count asks for one replica on each of that many GPUs (the device
                // plugin's nvidia.com/gpu of a time-sliced node), so it is allowed like a dedicated count.
                case GpuSharing.TimeSlicing ts -> false;
                case GpuSharing.Mps m -> false;
                case GpuSharing.Exclusive e -> false;
            };
            long total = 0;
            boolean reported = false;
            for (int c = 0; c < containers.size(); c++) {
                var gpu = containers.get(c).gpu();
                String at = Paths.gpu(use.taskIndex(), c);
                String name = containers.get(c).name();
                int count;
                if (gpu instanceof GpuRequirement.Whole w) {
                    if (shared) {
                        out.add(Problems.of(at, WHOLE_GPU_ON_SHARED_STRATEGY, "container '" + name + "' asks for "
                                + w.count() + " whole GPU(s) but " + use.where() + " shares every GPU; use an"
                                + " EXCLUSIVE or MPS capacity provider" + (use.sharing() instanceof GpuSharing.Mig
                                ? " or ask for a {partition: ...} of the layout" : "")));
                        continue;
                    }
                    count = w.count();
                } else if (gpu instanceof GpuRequirement.All) {
                    boolean mpsWithOthers = !(use.sharing() instanceof GpuSharing.Exclusive) && gpuContainers > 1;
                    if (shared || mpsWithOthers) {
                        out.add(Problems.of(at, ALL_NOT_ALLOWED, "container '" + name + "' asks for ALL GPUs but "
                                + use.where() + (shared ? " shares every GPU" : " also runs other GPU containers of task '"
                                + use.task().family() + "'") + "; use an EXCLUSIVE capacity provider, or a count of whole GPUs"));
                        continue;
                    }
                    count = instanceGpus;
                } else {
                    continue;
                }
                total += count;
                if (!reported && total > instanceGpus) {
                    reported = true;
                    out.add(Problems.of(at, GPU_COUNT_EXCEEDS_INSTANCE, "task '" + use.task().family() + "' needs "
                            + total + " whole GPUs up to container '" + name + "', but " + use.hardware().type().name()
                            + " (capacity provider '" + use.provider().name() + "') has " + instanceGpus
                            + "; ask for fewer GPUs or use a larger instance type"));
                }
            }
        });
    }
}
