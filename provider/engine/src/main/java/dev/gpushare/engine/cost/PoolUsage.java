package dev.gpushare.engine.cost;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * Cost and GPU use of one capacity provider or endpoint of a fleet.
 *
 * @param capacityProvider the capacity provider, or {@code null} for an endpoint
 * @param endpoint         the endpoint, or {@code null}
 * @param instanceType     the instance type of its instances (a pool has one)
 * @param instances        instances of the pool in the fleet
 * @param gpus             their GPUs
 * @param idleGpus         GPUs without any copy
 * @param costPerHour      USD per hour of the priced instances (after the spec's discount)
 * @param unpricedInstances instances whose type has no price (left out of {@code costPerHour})
 * @param memory           GPU memory usable, allocated, idle and stranded, MiB
 * @param smallestCopyMiB  GPU memory of the pool's smallest copy, MiB, or {@code null} when no copy
 *                         of the pool reserves GPU memory (then nothing counts as stranded)
 */
public record PoolUsage(
        String capacityProvider, String endpoint, String instanceType, int instances, int gpus, int idleGpus,
        BigDecimal costPerHour, int unpricedInstances, GpuMemory memory, Long smallestCopyMiB) {
    public PoolUsage {
        Objects.requireNonNull(instanceType, "instanceType");
        Objects.requireNonNull(costPerHour, "costPerHour");
        Objects.requireNonNull(memory, "memory");
        if ((capacityProvider == null) == (endpoint == null)) {
            throw new IllegalArgumentException("a pool is a capacity provider or an endpoint");
        }
    }

    /** The capacity provider or endpoint name. */
    public String name() {
        return capacityProvider != null ? capacityProvider : endpoint;
    }
}
