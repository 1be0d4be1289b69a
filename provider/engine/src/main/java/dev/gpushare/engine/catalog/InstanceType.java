package dev.gpushare.engine.catalog;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * An instance type: what one instance of a capacity provider or endpoint has.
 *
 * @param name      e.g. {@code g6.12xlarge}, {@code ml.p4d.24xlarge}
 * @param gpuModel  the {@link GpuModel#name()} of its GPUs
 * @param gpuCount  GPUs per instance (1 for a fractional type: its one slice)
 * @param vcpus     virtual CPUs (1 vCPU = 1024 CPU units)
 * @param memoryMiB host memory in MiB
 * @param fraction  for a fractional (vGPU) type the slice of the GPU it has (0.125, 0.25, 0.5),
 *                  otherwise {@code null}
 * @param gpuMemoryMiB for a fractional type the usable memory of its slice in MiB, otherwise
 *                  {@code null} (the GPU model's usable memory applies)
 * @param builtIn   from the catalog (true) or declared in the spec (false)
 */
public record InstanceType(
        String name, String gpuModel, int gpuCount, int vcpus, long memoryMiB, BigDecimal fraction,
        Long gpuMemoryMiB, boolean builtIn) {
    public InstanceType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(gpuModel, "gpuModel");
        fraction = fraction == null ? null : fraction.stripTrailingZeros();
    }

    public boolean fractional() {
        return fraction != null;
    }

    /**
     * GPU memory one GPU of this type offers a container, in MiB: the slice memory of a fractional
     * type, else {@code model}'s usable memory (total less the driver reserve). The one place this
     * rule lives: validation, placement and the apply-time check all read it.
     */
    public long usableGpuMemoryMiB(GpuModel model) {
        return gpuMemoryMiB != null ? gpuMemoryMiB : model.usableMemoryMiB();
    }

    /** CPU units of the instance (1024 per vCPU), as task {@code cpu} is counted. */
    public long cpuUnits() {
        return vcpus * 1024L;
    }
}
