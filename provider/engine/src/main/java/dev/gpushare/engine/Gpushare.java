package dev.gpushare.engine;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Baseline;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Replan;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.reconcile.Reconciler;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.SpecException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Objects;

/**
 * The Java API: what {@code gpushare plan/apply/status/destroy} do, for a program that built its
 * spec with the DSL (or read it).
 *
 * <pre>{@code
 * try (Gpushare gs = Gpushare.backend("file:.gpushare/state")) {
 *     Plan plan = gs.plan(spec);
 *     if (gs.apply(plan) instanceof ApplyOutcome.Conflict c) { ... plan again ... }
 *     FleetState actual = gs.status(spec.cluster());
 * }
 * }</pre>
 *
 * <p>Each cluster's last converged spec and revision ({@link Baseline}) is kept in memory: a plan
 * made from that revision follows the change (placement and diff read only the services that
 * changed), with the same result as from scratch. It is recorded when a plan of this object is
 * applied in full, or is empty; any other write moves the revision and the next plan takes the
 * full path.
 *
 * <p>Not thread-safe (one per thread). Backend failures throw {@link
 * dev.gpushare.engine.backend.BackendException}; an invalid spec throws {@link SpecException}.
 */
public final class Gpushare implements AutoCloseable {
    private final Backend backend;
    private final Map<String, Baseline> baselines = new HashMap<>();
    /** The latest plan made, with its bookkeeping: recorded as the baseline when it is applied in full. */
    private Replan last;

    private Gpushare(Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /** Opens the backend at {@code url}: {@code file:PATH} (see {@link Backends#DEFAULT_URL}). */
    public static Gpushare backend(String url) {
        return new Gpushare(Backends.open(url));
    }

    /** Uses an already open backend; closing this closes it. */
    public static Gpushare using(Backend backend) {
        return new Gpushare(backend);
    }

    /**
     * The actions that would converge the backend to {@code spec}. Pure: nothing is written.
     *
     * @throws SpecException with every problem when the spec is invalid
     */
    public Plan plan(Spec spec) {
        return plan(Pipeline.check(spec).orThrow());
    }

    /** {@link #plan(Spec)} for a spec already checked by {@link Pipeline#check}. */
    public Plan plan(ResolvedSpec spec) {
        Replan r = Pipeline.plan(spec, backend.read(spec.cluster()), baselines.get(spec.cluster()));
        last = r;
        r.converged().ifPresent(b -> baselines.put(spec.cluster(), b));
        return r.plan();
    }

    /** The baseline a plan of {@code cluster} starts from, if one is kept (see the class comment). */
    public Optional<Baseline> baseline(String cluster) {
        return Optional.ofNullable(baselines.get(cluster));
    }

    /** How the latest plan was made: true when it took the change-set path. */
    public boolean lastPlanFollowedChange() {
        return last != null && last.changeSetPath();
    }

    /** Executes {@code plan}; refused (as {@link ApplyOutcome.Conflict}) when the cluster moved since the plan. */
    public ApplyOutcome apply(Plan plan) {
        return apply(plan, ApplyListener.NONE);
    }

    public ApplyOutcome apply(Plan plan, ApplyListener listener) {
        ApplyOutcome outcome = Reconciler.apply(backend, plan, listener);
        Optional<Baseline> next = last != null && last.plan() == plan ? last.after(outcome) : Optional.empty();
        if (next.isPresent()) baselines.put(plan.cluster(), next.get());
        else baselines.remove(plan.cluster()); // the state may have moved: the next plan starts from scratch
        return outcome;
    }

    /** The cluster's actual state (empty when never applied). */
    public FleetState status(String cluster) {
        return backend.read(cluster).state();
    }

    /** The actual state with its revision. */
    public Snapshot snapshot(String cluster) {
        return backend.read(cluster);
    }

    /** Marks an instance unhealthy (e.g. {@code mps-daemon-unresponsive}); the next plan replaces it. */
    public long markUnhealthy(String cluster, String instanceId, String reason) {
        baselines.remove(cluster);
        return backend.markUnhealthy(cluster, instanceId, reason);
    }

    /** Removes everything of {@code cluster}; false when there was nothing. */
    public boolean destroy(String cluster) {
        baselines.remove(cluster);
        return backend.destroy(cluster);
    }

    public List<String> clusters() {
        return backend.clusters();
    }

    public Backend backend() {
        return backend;
    }

    @Override
    public void close() {
        backend.close();
    }
}
