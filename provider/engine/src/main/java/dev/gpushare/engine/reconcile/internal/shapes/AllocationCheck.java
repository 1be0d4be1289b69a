package dev.gpushare.engine.reconcile.internal.shapes;

import static dev.gpushare.engine.reconcile.internal.shapes.ShapeProblems.show;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.ContainerEnv;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One allocation of a placed copy ({@link PlaceRule}): of the action's copy, a container that is
 * text, MPS memory and percent within what the GPU has, a MIG instance the GPU's model can have;
 * then (only when those hold) an environment exactly as {@link ContainerEnv} derives it.
 */
final class AllocationCheck {
    private AllocationCheck() {}

    static List<Problem> check(TaskId task, Placement p, Shapes.G g, List<Integer> gpus, String path, Catalog catalog) {
        Allocation a = p.allocation();
        List<Problem> out = new ArrayList<>();
        if (!task.equals(a.task())) out.add(ShapeProblems.of(path + "/task", ApplyCode.ACTION_MALFORMED_ID,
                "the allocation is of task " + show(a.task()) + ", the action of " + task));
        if (!Ids.text(a.container())) out.add(ShapeProblems.badId(path + "/container", "container", a.container()));
        if (a.memoryMiB() != null && (a.memoryMiB() < 1 || a.memoryMiB() > g.memoryMiB)) {
            out.add(range(path + "/memoryMiB", "copy " + task + " asks for " + a.memoryMiB() + " MiB on GPU " + g.index
                    + " of " + p.instanceId() + ", which has " + g.memoryMiB + " MiB"));
        }
        if (a.maxComputePercent() != null && (a.maxComputePercent() < 1 || a.maxComputePercent() > 100 || a.memoryMiB() == null)) {
            out.add(range(path + "/maxComputePercent", "copy " + task + " asks for " + a.maxComputePercent()
                    + " percent; an MPS copy's limit is 1 to 100 percent"));
        }
        if (a.partition() != null) {
            if (a.memoryMiB() != null) out.add(range(path + "/memoryMiB", "a copy on a MIG instance reserves no MPS memory"));
            GpuModel model = catalog.gpuModel(g.model).orElse(null);
            MigProfile profile = model == null || !model.migCapable() ? null
                    : model.mig().profile(String.valueOf(a.partition().profile())).orElse(null);
            if (profile == null || !profile.starts().contains(a.partition().start())) {
                out.add(range(path + "/partition", "copy " + task + " names MIG instance " + show(a.partition().profile())
                        + "@" + a.partition().start() + ", which a " + g.model + " cannot have"));
            }
        }
        if (!out.isEmpty()) return out;
        Map<String, String> expected = ContainerEnv.of(gpus, p.gpuIndex(), a.memoryMiB(), a.maxComputePercent(), a.partition());
        if (expected.equals(a.env())) return out;
        Set<String> extra = new TreeSet<>(a.env().keySet());
        extra.removeAll(expected.keySet());
        String what = !extra.isEmpty() ? "sets " + show(String.join(", ", extra)) + ", which gpushare never sets"
                : "has " + show(String.valueOf(a.env())) + " where gpushare sets " + expected;
        return List.of(ShapeProblems.of(path + "/env", ApplyCode.ACTION_ENVIRONMENT, "the environment of copy " + task + " " + what));
    }

    private static Problem range(String path, String message) {
        return ShapeProblems.of(path, ApplyCode.ACTION_OUT_OF_RANGE, message);
    }
}
