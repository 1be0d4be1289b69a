package dev.gpushare.engine.advise.capacity;

import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.model.Spec;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * What {@code gpushare advise capacity} found.
 *
 * @param isolation      the floor the choice kept
 * @param workloads      every service and inference component with GPU copies, in spec order
 * @param skipped        services and components left out (no copies, no GPU), with why
 * @param pools          the pools of the chosen spec and which workloads share each
 * @param spec           the chosen spec: the workloads on their chosen pools (the spec's other
 *                       sections as they were, its pricing and declared types kept)
 * @param usage          the chosen spec placed by the engine: its cost and GPU memory
 * @param apartPerHour   USD per hour of the chosen alternatives each on a pool of its own
 * @param givenPerHour   USD per hour of the spec as given, placed by the engine
 * @param unadvised      workloads without a feasible alternative under the floor (kept as given)
 */
public record CapacityAdvice(
        Isolation isolation, List<WorkloadAdvice> workloads, List<Skipped> skipped, List<ChosenPool> pools, Spec spec,
        FleetUsage usage, BigDecimal apartPerHour, BigDecimal givenPerHour, List<String> unadvised) {
    public CapacityAdvice {
        Objects.requireNonNull(isolation, "isolation");
        workloads = List.copyOf(workloads);
        skipped = List.copyOf(skipped);
        pools = List.copyOf(pools);
        unadvised = List.copyOf(unadvised);
    }

    /** A service or component the advisor does not size, and why. */
    public record Skipped(String name, String reason) {}

    /**
     * A pool of the chosen spec.
     *
     * @param name      the capacity provider or endpoint name in the chosen spec
     * @param endpoint  true for an endpoint
     * @param form      its sharing form
     * @param instanceType its instance type
     * @param workloads the services or components on it
     * @param instances instances the engine placed
     * @param costPerHour USD per hour of them
     */
    public record ChosenPool(String name, boolean endpoint, SharingForm form, String instanceType, List<String> workloads,
                             int instances, BigDecimal costPerHour) {
        public ChosenPool {
            workloads = List.copyOf(workloads);
        }
    }
}
