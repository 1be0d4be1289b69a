package dev.gpushare.engine.backend;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.RolloutRecord;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A cluster's actual state as one backend revision saw it.
 *
 * @param state           the instances, GPUs and copies (its {@code unplaced} is always empty: the
 *                        backend holds what runs, not what could not run)
 * @param revision        increases by one with every committed batch; 0 for a cluster never applied
 * @param declaredLayouts per endpoint instance id, the {@code partitionLayout} it was launched with,
 *                        in the user's order (a reordered layout forces a replacement)
 * @param supply          how many more instances the backend can start per type, or {@code null}
 *                        when it starts them on demand (every backend but Kubernetes)
 * @param rollouts        the last rollout of each service or component that had one, by group
 *                        ({@link dev.gpushare.engine.plan.Action.RecordRollout})
 */
public record Snapshot(FleetState state, long revision, Map<InstanceId, List<String>> declaredLayouts,
                       InstanceSupply supply, List<RolloutRecord> rollouts) {
    public Snapshot {
        Objects.requireNonNull(state, "state");
        declaredLayouts = Map.copyOf(declaredLayouts);
        List<RolloutRecord> sorted = new java.util.ArrayList<>(rollouts == null ? List.of() : rollouts);
        sorted.sort(java.util.Comparator.comparing(RolloutRecord::group));
        rollouts = List.copyOf(sorted);
    }

    /** A snapshot without rollout records. */
    public Snapshot(FleetState state, long revision, Map<InstanceId, List<String>> declaredLayouts, InstanceSupply supply) {
        this(state, revision, declaredLayouts, supply, List.of());
    }

    /** The same snapshot with these rollout records. */
    public Snapshot withRollouts(List<RolloutRecord> records) {
        return new Snapshot(state, revision, declaredLayouts, supply, records);
    }

    /** A snapshot of a backend that starts instances on demand. */
    public Snapshot(FleetState state, long revision, Map<InstanceId, List<String>> declaredLayouts) {
        this(state, revision, declaredLayouts, null);
    }

    public static Snapshot empty(String cluster) {
        return new Snapshot(FleetState.empty(cluster), 0, Map.of());
    }
}
