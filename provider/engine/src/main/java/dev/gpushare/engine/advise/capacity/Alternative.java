package dev.gpushare.engine.advise.capacity;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * One way to run one workload, placed by the engine on a pool of its own.
 *
 * @param form             the sharing form
 * @param instanceType     the instance type of the pool
 * @param layout           the MIG layout of each GPU (MIG only, names without {@code mig-}), else empty
 * @param replicas         time-slicing replicas per GPU (TIME_SLICING only), else 0
 * @param instances        instances the engine needed to place every copy
 * @param costPerHour      USD per hour of those instances (the spec's prices)
 * @param allocatedPercent GPU memory allocated / usable of those instances, percent
 * @param feasible         every copy was placed
 * @param reason           why not, when not feasible (the first unplaced copy's code and message)
 */
public record Alternative(
        SharingForm form, String instanceType, List<String> layout, int replicas, int instances, BigDecimal costPerHour,
        double allocatedPercent, boolean feasible, String reason) {
    public Alternative {
        Objects.requireNonNull(form, "form");
        Objects.requireNonNull(instanceType, "instanceType");
        Objects.requireNonNull(costPerHour, "costPerHour");
        layout = List.copyOf(layout);
    }

    /** e.g. {@code MPS on g6.12xlarge}, {@code MIG [3g.40gb, 2g.20gb, 1g.10gb ×2] on p5.48xlarge}. */
    public String label() {
        return switch (form) {
            case WHOLE_GPU -> "whole GPUs on " + instanceType;
            case MPS -> "MPS on " + instanceType;
            case FRACTION -> "fractional GPU on " + instanceType;
            case TIME_SLICING -> "time-slicing ×" + replicas + " on " + instanceType;
            case MIG -> "MIG " + Layouts.compact(layout) + " on " + instanceType;
        };
    }
}
