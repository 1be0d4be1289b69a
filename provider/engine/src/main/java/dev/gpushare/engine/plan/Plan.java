package dev.gpushare.engine.plan;

import dev.gpushare.engine.state.FleetState;
import java.util.List;
import java.util.Objects;

/**
 * What {@code apply} would do: actions in a safe order, made against one revision of the backend.
 *
 * @param cluster  the cluster
 * @param revision the backend revision the plan was made against; applying it to another is refused
 * @param actions  in execution order: launch/replace, stop, configure, move/place, configure, terminate
 * @param desired  the state the actions lead to (from the placement engine)
 * @param specHash SHA-256 of the spec the plan was made from (hex), so a saved plan names its input
 * @param spec     the spec itself, or {@code null} for a plan read back from its JSON form (which does
 *                 not carry it); handed to backends that need it ({@code Backend#declareSpec})
 * @param waves    per action, its rollout wave (1, 2, …; 0 for an action outside rollouts)
 * @param rollouts the rollouts the plan runs, in the order of their waves
 */
public record Plan(String cluster, long revision, List<Action> actions, FleetState desired, String specHash,
                   dev.gpushare.model.Spec spec, List<Integer> waves, List<Rollout> rollouts) {
    public Plan {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(desired, "desired");
        actions = List.copyOf(actions);
        waves = waves == null || waves.isEmpty() ? none(actions.size()) : List.copyOf(waves);
        rollouts = rollouts == null ? List.of() : List.copyOf(rollouts);
        if (waves.size() != actions.size()) throw new IllegalArgumentException(waves.size() + " waves for " + actions.size() + " actions");
    }

    /** A plan without rollouts (no copy changes its revision). */
    public Plan(String cluster, long revision, List<Action> actions, FleetState desired, String specHash,
                dev.gpushare.model.Spec spec) {
        this(cluster, revision, actions, desired, specHash, spec, null, null);
    }

    /** A plan without its spec (read from JSON, or sent over the wire). */
    public Plan(String cluster, long revision, List<Action> actions, FleetState desired, String specHash) {
        this(cluster, revision, actions, desired, specHash, null);
    }

    /** The wave of the {@code i}-th action: 1, 2, … for a rollout's, 0 for every other. */
    public int waveOf(int i) {
        return waves.get(i);
    }

    private static List<Integer> none(int n) {
        return java.util.Collections.nCopies(n, 0);
    }

    /** True when the backend already matches the spec. */
    public boolean isEmpty() {
        return actions.isEmpty();
    }

    /** True when some copy could not be placed (exit status 3). */
    public boolean infeasible() {
        return !desired.unplaced().isEmpty();
    }
}
