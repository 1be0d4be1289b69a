package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.FRACTION_NOT_ALONE;
import static dev.gpushare.engine.validate.ValidationCode.MIXED_GPU_FORMS;

import dev.gpushare.model.Container;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * A task's GPU containers use one form. A fractional container must be the task's only GPU
 * container (ECS); that case gets its own code rather than MIXED_GPU_FORMS.
 */
final class GpuFormRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return Each.entry(ctx.spec().taskDefinitions(), (t, task, out) -> {
            List<Container> containers = task.containers();
            int firstFraction = -1;
            int firstGpu = -1;
            for (int c = 0; c < containers.size(); c++) {
                if (containers.get(c).gpu() == null) continue;
                if (firstGpu < 0) firstGpu = c;
                if (firstFraction < 0 && GpuForm.of(containers.get(c).gpu()) == GpuForm.FRACTION) firstFraction = c;
            }
            if (firstGpu < 0) return;
            if (firstFraction >= 0) {
                String fractional = containers.get(firstFraction).name();
                for (int c = 0; c < containers.size(); c++) {
                    var gpu = containers.get(c).gpu();
                    if (gpu == null || c == firstFraction) continue;
                    out.add(Problems.of(Paths.gpu(t, c), FRACTION_NOT_ALONE, "container '" + containers.get(c).name()
                            + "' asks for " + GpuForm.of(gpu).label + ", but container '" + fractional + "' of task '"
                            + task.family() + "' asks for a fractional GPU, which must be the task's only GPU request;"
                            + " remove this container's gpu or move it to another task"));
                }
                return;
            }
            GpuForm form = GpuForm.of(containers.get(firstGpu).gpu());
            for (int c = firstGpu + 1; c < containers.size(); c++) {
                var gpu = containers.get(c).gpu();
                if (gpu == null || GpuForm.of(gpu) == form) continue;
                out.add(Problems.of(Paths.gpu(t, c), MIXED_GPU_FORMS, "container '" + containers.get(c).name()
                        + "' asks for " + GpuForm.of(gpu).label + " but container '" + containers.get(firstGpu).name()
                        + "' of task '" + task.family() + "' asks for " + form.label
                        + "; use one form for every GPU container of a task, or split the task"));
            }
        });
    }
}
