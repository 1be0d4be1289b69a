package dev.gpushare.engine;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.reconcile.Reconciler;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.SpecException;
import java.util.List;
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
 * Not thread-safe (one per thread). Backend failures throw {@link
 * dev.gpushare.engine.backend.BackendException}; an invalid spec throws {@link SpecException}.
 */
public final class Gpushare implements AutoCloseable {
    private final Backend backend;

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
        return Pipeline.plan(spec, backend.read(spec.cluster()));
    }

    /** Executes {@code plan}; refused (as {@link ApplyOutcome.Conflict}) when the cluster moved since the plan. */
    public ApplyOutcome apply(Plan plan) {
        return apply(plan, ApplyListener.NONE);
    }

    public ApplyOutcome apply(Plan plan, ApplyListener listener) {
        return Reconciler.apply(backend, plan, listener);
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
        return backend.markUnhealthy(cluster, instanceId, reason);
    }

    /** Removes everything of {@code cluster}; false when there was nothing. */
    public boolean destroy(String cluster) {
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
