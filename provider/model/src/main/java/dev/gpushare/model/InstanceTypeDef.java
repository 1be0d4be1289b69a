package dev.gpushare.model;

import java.util.Objects;

/**
 * An instance type the built-in catalog lacks, declared in the spec.
 *
 * @param name      unique among declared types, and not a catalog name
 * @param gpuModel  a GPU model of the catalog (e.g. {@code H100-80GB})
 * @param gpuCount  GPUs per instance (≥ 1)
 * @param vcpus     virtual CPUs per instance (≥ 1)
 * @param memoryMiB host memory per instance, in MiB (≥ 1)
 */
public record InstanceTypeDef(String name, String gpuModel, int gpuCount, int vcpus, long memoryMiB) {
    public InstanceTypeDef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(gpuModel, "gpuModel");
    }
}
