package dev.gpushare.model;

import java.util.Objects;

/**
 * A pool of identical instances that services are placed on (an ECS capacity provider).
 *
 * @param name          unique among capacity providers
 * @param instanceType  a catalog name or one declared under {@code instanceTypes}
 * @param minInstances  instances always running (≥ 0; the spec default is 0)
 * @param maxInstances  upper bound on instances (≥ minInstances); {@link Integer#MAX_VALUE} for no
 *                      limit, which the reader fills in when the document leaves it out
 * @param gpuSharing    how the GPUs of this pool are shared, or {@code null} for "the default",
 *                      which depends on the instance type and so is resolved against the catalog,
 *                      not here: {@link GpuSharing.Mps} (no client limit) on whole-GPU types, the
 *                      hardware slice on fractional types (where any strategy is an error). The
 *                      reader keeps {@code null} when the document leaves {@code gpuSharing} out.
 */
public record CapacityProvider(
        String name, String instanceType, int minInstances, int maxInstances, GpuSharing gpuSharing) {
    public CapacityProvider {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(instanceType, "instanceType");
    }
}
