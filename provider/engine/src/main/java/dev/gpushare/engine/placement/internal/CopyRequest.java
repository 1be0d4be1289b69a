package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import java.util.List;

import dev.gpushare.model.PlacementStrategy;

/**
 * One copy to place: {@code SERVICE/N} or {@code COMPONENT/N}.
 *
 * @param task       the copy: N of the service or component
 * @param strategy   BINPACK or SPREAD (components: BINPACK)
 * @param cpuUnits   host CPU units (1024 per vCPU), 0 when not given
 * @param memoryMiB  host memory in MiB, 0 when not given
 * @param containers the GPU containers, in task-definition order
 * @param form       the form shared by the containers
 * @param mpsMiB     Σ MPS memory of the containers in MiB (0 unless MPS)
 * @param revision   what the copy runs (its task definition or model), written on its allocations;
 *                   {@code null} only in tests of the fits, which write no allocations
 */
public record CopyRequest(
        TaskId task, PlacementStrategy strategy, long cpuUnits, long memoryMiB,
        List<GpuContainer> containers, Form form, long mpsMiB, Revision revision) {

    /** A copy without a revision (the fits' tests: nothing is written). */
    CopyRequest(TaskId task, PlacementStrategy strategy, long cpuUnits, long memoryMiB,
                List<GpuContainer> containers, Form form, long mpsMiB) {
        this(task, strategy, cpuUnits, memoryMiB, containers, form, mpsMiB, null);
    }

    /** A container with a GPU need; {@code name} is the model name for an inference component. */
    record GpuContainer(String name, Need need) {}

    /** The service or component name. */
    String group() {
        return task.group();
    }

    int ordinal() {
        return task.ordinal();
    }

    /** Copies with equal shapes get the same placement answers, so failures are explained once per shape. */
    String shape() {
        return task.group() + "|" + form;
    }
}
