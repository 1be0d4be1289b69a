package dev.gpushare.engine.state;

import java.util.List;
import java.util.Objects;

/**
 * One instance of the fleet.
 *
 * @param id           stable id, instance N of its owner ({@code OWNER-N})
 * @param owner        the capacity provider or endpoint it belongs to
 * @param instanceType the instance type name
 * @param healthy      false once marked unhealthy (e.g. MPS daemon unresponsive)
 * @param healthReason why it is unhealthy, or {@code null}
 * @param gpus         ordered by index
 */
public record Instance(
        InstanceId id, Owner owner, String instanceType, boolean healthy, String healthReason, List<Gpu> gpus) {
    public Instance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(instanceType, "instanceType");
        gpus = List.copyOf(gpus);
    }

    /** The same instance with other GPUs. */
    public Instance withGpus(List<Gpu> gpus) {
        return new Instance(id, owner, instanceType, healthy, healthReason, gpus);
    }
}
