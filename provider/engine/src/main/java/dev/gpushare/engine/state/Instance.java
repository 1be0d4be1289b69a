package dev.gpushare.engine.state;

import java.util.List;
import java.util.Objects;

/**
 * One instance of the fleet.
 *
 * @param id               stable id, {@code <capacityProvider or endpoint>-<n>}
 * @param capacityProvider the owning capacity provider, or {@code null} for an endpoint instance
 * @param endpoint         the owning endpoint, or {@code null}
 * @param instanceType     the instance type name
 * @param healthy          false once marked unhealthy (e.g. MPS daemon unresponsive)
 * @param healthReason     why it is unhealthy, or {@code null}
 * @param gpus             ordered by index
 */
public record Instance(
        String id, String capacityProvider, String endpoint, String instanceType, boolean healthy,
        String healthReason, List<Gpu> gpus) {
    public Instance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(instanceType, "instanceType");
        gpus = List.copyOf(gpus);
    }

    /** The capacity provider or endpoint that owns this instance. */
    public String owner() {
        return capacityProvider != null ? capacityProvider : endpoint;
    }
}
