package dev.gpushare.engine.placement.internal;

import java.util.List;

import dev.gpushare.model.PlacementStrategy;

/**
 * One copy to place: {@code SERVICE/N} or {@code COMPONENT/N}.
 *
 * @param task       the task id
 * @param group      the service or component name
 * @param ordinal    N
 * @param strategy   BINPACK or SPREAD (components: BINPACK)
 * @param cpuUnits   host CPU units (1024 per vCPU), 0 when not given
 * @param memoryMiB  host memory in MiB, 0 when not given
 * @param containers the GPU containers, in task-definition order
 * @param form       the form shared by the containers
 * @param mpsMiB     Σ MPS memory of the containers in MiB (0 unless MPS)
 */
public record CopyRequest(
        String task, String group, int ordinal, PlacementStrategy strategy, long cpuUnits, long memoryMiB,
        List<GpuContainer> containers, Form form, long mpsMiB) {

    /** A container with a GPU need; {@code name} is the model name for an inference component. */
    record GpuContainer(String name, Need need) {}

    /** Copies with equal shapes get the same placement answers, so failures are explained once per shape. */
    String shape() {
        return group + "|" + form;
    }
}
