package dev.gpushare.model;

import java.util.Objects;

/**
 * A pool of identical instances that services are placed on (an ECS capacity provider).
 *
 * @param name          unique among capacity providers
 * @param instanceType  a catalog name or one declared under {@code instanceTypes}
 * @param minInstances  instances always running (≥ 0; the spec default is 0)
 * @param maxInstances  upper bound on instances (≥ minInstances)
 * @param gpuSharing    how the GPUs of this pool are shared; {@code null} only for fractional
 *                      instance types, where the hardware slice is the sharing (the reader fills
 *                      in {@link GpuSharing.Mps} when the document leaves it out on other types)
 */
public record CapacityProvider(
        String name, String instanceType, int minInstances, int maxInstances, GpuSharing gpuSharing) {
    public CapacityProvider {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(instanceType, "instanceType");
    }
}
