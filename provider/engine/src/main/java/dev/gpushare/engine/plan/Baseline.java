package dev.gpushare.engine.plan;

import dev.gpushare.engine.placement.Bookkeeping;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Spec;
import java.util.List;
import java.util.Objects;

/**
 * What a cluster was last converged to: the spec, the backend revision at which the state was its
 * result, and the placement bookkeeping of that state. Given to {@link Planner#replan}, it lets a
 * plan from the same revision touch only what changed ({@link dev.gpushare.engine.placement.ChangeSet}).
 * Only {@link Replan} makes one, from a plan that was applied in full or that was empty — so the
 * revision names a state the engine wrote for that spec; a state at any other revision (another
 * writer, a health mark, a partial apply) takes the full path. It also keeps the instances that
 * state had, and holds only while the snapshot still has exactly those: a backend whose revision
 * does not move with every change (a Kubernetes pod deleted or evicted, a row edited by hand) or a
 * health change is seen by the very next plan, which then takes the full path. Immutable; held in
 * memory by the long-running front doors ({@link dev.gpushare.engine.converge.Converger}); losing
 * it only costs speed.
 */
public final class Baseline {
    private final Spec spec;
    private final long revision;
    private final Bookkeeping memo;
    private final List<Instance> instances;

    Baseline(Spec spec, long revision, Bookkeeping memo, List<Instance> instances) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.revision = revision;
        this.memo = Objects.requireNonNull(memo, "memo");
        this.instances = Objects.requireNonNull(instances, "instances");
    }

    /**
     * The baseline of a state kept as the converged result of {@code spec} (a fresh process
     * planning from what the backend stored: {@link dev.gpushare.engine.backend.ConvergedSpecs}):
     * the placement bookkeeping is rebuilt from the state itself, pool by pool on first use.
     * {@code catalog} is the one of the spec being planned (a change of declared instance types
     * sends every pool down the full path, so it is only read when they are the same).
     */
    public static Baseline restored(Spec spec, dev.gpushare.engine.catalog.Catalog catalog, dev.gpushare.engine.backend.Snapshot state) {
        return new Baseline(spec, state.revision(), Bookkeeping.restored(spec, catalog, state.state()), state.state().instances());
    }

    /**
     * As {@link #restored(Spec, dev.gpushare.engine.catalog.Catalog, dev.gpushare.engine.backend.Snapshot)},
     * with the placement nodes read from {@code storedNodes} (what {@link #storedNodes()} gave for
     * exactly this state's revision, or null) instead of worked out from every copy where they fit.
     */
    public static Baseline restored(Spec spec, dev.gpushare.engine.catalog.Catalog catalog, dev.gpushare.engine.backend.Snapshot state,
                                    byte[] storedNodes) {
        if (storedNodes == null) return restored(spec, catalog, state);
        return new Baseline(spec, state.revision(), Bookkeeping.restored(spec, catalog, state.state(), storedNodes),
                state.state().instances());
    }

    /**
     * The placement nodes of this baseline's state as a compact record for the backend to keep with
     * it ({@link Bookkeeping#storedNodes}), or null; works out what was not yet.
     */
    public byte[] storedNodes() {
        return memo.storedNodes();
    }

    /**
     * This baseline with its bookkeeping worked out now ({@link Bookkeeping#prepared}): restored
     * ahead of the plan that uses it, on another thread ({@link
     * dev.gpushare.engine.converge.Converger#readAhead}). Returns this.
     */
    public Baseline prepared() {
        memo.prepared();
        return this;
    }

    /**
     * True when a fresh process may rebuild this baseline from the state and the spec alone: the
     * plan that made it kept the placement's bookkeeping (a state trimmed to limits or reordered
     * by a rollout did not, and takes the full path from memory too).
     */
    public boolean restorable() {
        return memo != Bookkeeping.NONE;
    }

    /**
     * True while {@code actual} is the state this baseline describes: the same cluster, the same
     * revision and the same instances, GPUs, health and copies (the same list object when the
     * backend answers its cached snapshot, otherwise compared in full: nothing changed under it).
     */
    public boolean holdsFor(dev.gpushare.engine.backend.Snapshot actual) {
        if (actual.revision() != revision || !actual.state().cluster().equals(spec.cluster())) return false;
        List<Instance> now = actual.state().instances();
        return now == instances || now.equals(instances);
    }

    /** The state's instances when the baseline was recorded. */
    List<Instance> instances() {
        return instances;
    }

    public String cluster() {
        return spec.cluster();
    }

    /** The spec the state was converged to. */
    public Spec spec() {
        return spec;
    }

    /** The backend revision of that state. */
    public long revision() {
        return revision;
    }

    Bookkeeping memo() {
        return memo;
    }
}
