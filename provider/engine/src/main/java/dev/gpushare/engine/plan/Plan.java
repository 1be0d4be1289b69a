package dev.gpushare.engine.plan;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import java.util.List;
import java.util.Objects;

/**
 * What {@code apply} would do: actions in a safe order, made against one revision of the backend.
 * An immutable value (equal when every part is): {@link #cluster}, {@link #revision}, {@link
 * #actions}, {@link #desired}, {@link #specHash}, {@link #spec}, {@link #waves}, {@link #rollouts}.
 *
 * <p>Not a record only because its spec hash is worked out when first asked for: a plan the
 * command line prints as text never needs it (the hash of a 1,000-service spec's record text
 * is a noticeable share of a plan that changes nothing), a saved or JSON plan does.
 */
public final class Plan {
    private final String cluster;
    private final long revision;
    private final List<Action> actions;
    private final FleetState desired;
    private final Spec spec;
    private final List<Integer> waves;
    private final List<Rollout> rollouts;
    /** Given, or worked out from {@link #spec} on first use ({@link Planner#specHash}). */
    private volatile String specHash;

    /**
     * @param cluster  the cluster
     * @param revision the backend revision the plan was made against; applying it to another is refused
     * @param actions  in execution order: launch/replace, stop, configure, move/place, configure, terminate
     * @param desired  the state the actions lead to (from the placement engine)
     * @param specHash SHA-256 of the spec the plan was made from (hex), so a saved plan names its
     *                 input; null to have it worked out from {@code spec} when first asked for
     *                 (null as well when there is no spec)
     * @param spec     the spec itself, or {@code null} for a plan read back from its JSON form (which does
     *                 not carry it); handed to backends that need it ({@code Backend#declareSpec})
     * @param waves    per action, its rollout wave (1, 2, …; 0 for an action outside rollouts)
     * @param rollouts the rollouts the plan runs, in the order of their waves
     */
    public Plan(String cluster, long revision, List<Action> actions, FleetState desired, String specHash,
                Spec spec, List<Integer> waves, List<Rollout> rollouts) {
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.desired = Objects.requireNonNull(desired, "desired");
        this.revision = revision;
        this.actions = List.copyOf(actions);
        this.waves = waves == null || waves.isEmpty() ? none(this.actions.size()) : List.copyOf(waves);
        this.rollouts = rollouts == null ? List.of() : List.copyOf(rollouts);
        if (this.waves.size() != this.actions.size()) throw new IllegalArgumentException(this.waves.size() + " waves for " + this.actions.size() + " actions");
        this.specHash = specHash;
        this.spec = spec;
    }

    /** A plan without rollouts (no copy changes its revision). */
    public Plan(String cluster, long revision, List<Action> actions, FleetState desired, String specHash, Spec spec) {
        this(cluster, revision, actions, desired, specHash, spec, null, null);
    }

    /** A plan without its spec (read from JSON, or sent over the wire). */
    public Plan(String cluster, long revision, List<Action> actions, FleetState desired, String specHash) {
        this(cluster, revision, actions, desired, specHash, null);
    }

    public String cluster() {
        return cluster;
    }

    public long revision() {
        return revision;
    }

    public List<Action> actions() {
        return actions;
    }

    public FleetState desired() {
        return desired;
    }

    /** SHA-256 (hex) of the spec the plan was made from ({@link Planner#specHash}). */
    public String specHash() {
        String h = specHash;
        if (h == null && spec != null) {
            synchronized (this) {
                h = specHash;
                if (h == null) specHash = h = Planner.specHash(spec);
            }
        }
        return h;
    }

    public Spec spec() {
        return spec;
    }

    public List<Integer> waves() {
        return waves;
    }

    public List<Rollout> rollouts() {
        return rollouts;
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

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Plan p && revision == p.revision && cluster.equals(p.cluster)
                && actions.equals(p.actions) && desired.equals(p.desired) && Objects.equals(specHash(), p.specHash())
                && Objects.equals(spec, p.spec) && waves.equals(p.waves) && rollouts.equals(p.rollouts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cluster, revision, actions, desired, specHash(), spec, waves, rollouts);
    }

    @Override
    public String toString() {
        return "Plan[cluster=" + cluster + ", revision=" + revision + ", actions=" + actions + ", desired=" + desired
                + ", specHash=" + specHash() + ", spec=" + spec + ", waves=" + waves + ", rollouts=" + rollouts + "]";
    }
}
