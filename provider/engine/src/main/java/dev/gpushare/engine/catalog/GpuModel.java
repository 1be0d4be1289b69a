package dev.gpushare.engine.catalog;

import java.util.Objects;

/**
 * A GPU model of the catalog.
 *
 * @param name              catalog key, e.g. {@code L4}, {@code A100-40GB}, {@code H100-80GB}
 * @param totalMemoryMiB    physical memory in MiB
 * @param usableMemoryMiB   memory a container can be given, in MiB: total less what the driver
 *                          reserves (what ECS registers and sizes MPS requests against)
 * @param computeCapability e.g. {@code 8.9}
 * @param mpsCapable        MPS memory and compute limits work (compute capability ≥ 7.0, not a
 *                          vGPU slice)
 * @param mig               the MIG geometry, or {@code null} when the GPU is not MIG-capable
 */
public record GpuModel(
        String name, long totalMemoryMiB, long usableMemoryMiB, double computeCapability,
        boolean mpsCapable, MigGeometry mig) {
    public GpuModel {
        Objects.requireNonNull(name, "name");
    }

    public boolean migCapable() {
        return mig != null;
    }
}
