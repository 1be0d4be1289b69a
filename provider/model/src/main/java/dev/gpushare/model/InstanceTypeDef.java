package dev.gpushare.model;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * An instance type the built-in catalog lacks, declared in the spec.
 *
 * @param name      unique among declared types, and not a catalog name
 * @param gpuModel  a GPU model of the catalog (e.g. {@code H100-80GB})
 * @param gpuCount  GPUs per instance (≥ 1)
 * @param vcpus     virtual CPUs per instance (≥ 1)
 * @param memoryMiB host memory per instance, in MiB (≥ 1)
 * @param perHour   what one instance costs per hour, in USD (≥ 0), or {@code null} when not given
 *                  (the fleet's cost then leaves these instances out and says so)
 */
public record InstanceTypeDef(String name, String gpuModel, int gpuCount, int vcpus, long memoryMiB, BigDecimal perHour) {
    public InstanceTypeDef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(gpuModel, "gpuModel");
        perHour = perHour == null ? null : perHour.stripTrailingZeros();
    }

    /** A declared type without a price. */
    public InstanceTypeDef(String name, String gpuModel, int gpuCount, int vcpus, long memoryMiB) {
        this(name, gpuModel, gpuCount, vcpus, memoryMiB, null);
    }
}
