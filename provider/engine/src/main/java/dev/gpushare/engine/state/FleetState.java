package dev.gpushare.engine.state;

import java.util.List;
import java.util.Objects;

/**
 * A cluster's placement: desired (from the solver) or actual (from a backend). Printed as the
 * state document of CONTRACT.md §2.
 *
 * @param cluster   the cluster name
 * @param instances ordered by id
 * @param unplaced  copies that could not be placed, ordered by task
 */
public record FleetState(String cluster, List<Instance> instances, List<Unplaced> unplaced) {
    public FleetState {
        Objects.requireNonNull(cluster, "cluster");
        instances = List.copyOf(instances);
        unplaced = List.copyOf(unplaced);
    }

    public static FleetState empty(String cluster) {
        return new FleetState(cluster, List.of(), List.of());
    }

    /** The counts printed as {@code summary}. */
    public Summary summary() {
        int gpus = 0, allocations = 0;
        for (Instance i : instances) {
            gpus += i.gpus().size();
            for (Gpu g : i.gpus()) allocations += g.allocations().size();
        }
        return new Summary(instances.size(), gpus, allocations, unplaced.size());
    }

    public record Summary(int instances, int gpus, int allocations, int unplaced) {}
}
