package dev.gpushare.engine;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Baseline;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.converge.Converged;
import dev.gpushare.engine.converge.Converger;
import dev.gpushare.engine.plan.Replan;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.SpecException;
import java.util.List;
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
 * <p>Plans and applies go through the engine's one {@link Converger}, which keeps each cluster's
 * last converged spec and state ({@link Baseline}) in memory: a plan made while nothing changed
 * under it follows the change (placement and diff read only the services that changed), with the
 * same result as from scratch. It is recorded when a plan of this object is applied in full, or is
 * empty; any other write, or a health mark, sends the next plan down the full path.
 * {@link #converge} is the whole loop (plan, apply, plan again on a conflict).
 *
 * <p>Not thread-safe (one per thread). Backend failures throw {@link
 * dev.gpushare.engine.backend.BackendException}; an invalid spec throws {@link SpecException}.
 */
public final class Gpushare implements AutoCloseable {
    private final Backend backend;
    private final Converger converger;
    /** The latest plan made, with its bookkeeping. */
    private Replan last;
    /** The backend's read ahead ({@link #readAhead}) while it runs: the backend is its thread's until it ends. */
    private java.util.concurrent.FutureTask<Void> ahead;

    private Gpushare(Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.converger = new Converger(backend);
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
     * Starts observing ahead of the next plan, on another thread ({@link Converger#readAhead}: the
     * local backend reads its only cluster's snapshot and restores the baseline it keeps for it),
     * so that a command checks its spec meanwhile. Every other method of this object first waits
     * for it to end; what was read ahead is used only while the cluster's revision is still the
     * one it was read at (nothing stale is answered), and a read ahead that failed is not reported
     * (the read that needs the store says what is wrong). Returns this.
     */
    public Gpushare readAhead() {
        if (ahead == null) {
            ahead = new java.util.concurrent.FutureTask<>(() -> {
                converger.readAhead();
                return null;
            });
            Thread.ofPlatform().daemon().name("gpushare-read-ahead").start(ahead);
        }
        return this;
    }

    /** Waits for the read ahead to end (uninterruptibly: the backend is not shared across threads), and hands the backend back. */
    private Backend settled() {
        if (ahead != null) {
            boolean interrupted = false;
            while (true) {
                try {
                    ahead.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (java.util.concurrent.ExecutionException e) {
                    break; // not reported: the read that needs the store reads again
                }
            }
            ahead = null;
            if (interrupted) Thread.currentThread().interrupt();
        }
        return backend;
    }

    /** {@link #settled()} waited for, then the converger. */
    private Converger loop() {
        settled();
        return converger;
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
        last = loop().plan(spec);
        return last.plan();
    }

    /**
     * Converges the backend to {@code spec}: plans, applies, and plans again when another writer
     * moved the cluster meanwhile ({@link Converger#converge}).
     *
     * @throws SpecException with every problem when the spec is invalid
     */
    public Converged converge(Spec spec) {
        return loop().converge(Pipeline.check(spec).orThrow());
    }

    /** The baseline a plan of {@code cluster} starts from, if one is kept (see the class comment). */
    public Optional<Baseline> baseline(String cluster) {
        return loop().baseline(cluster);
    }

    /** How the latest plan was made: true when it took the change-set path. */
    public boolean lastPlanFollowedChange() {
        return last != null && last.changeSetPath();
    }

    /**
     * How long a rollout wave's new copies have to become ready before they count towards the
     * service's deployment circuit breaker (default {@link Converger#DEFAULT_READY_TIMEOUT}).
     */
    public Gpushare readyTimeout(java.time.Duration deadline) {
        loop().readyTimeout(deadline);
        return this;
    }

    /** Executes {@code plan}; refused (as {@link ApplyOutcome.Conflict}) when the cluster moved since the plan. */
    public ApplyOutcome apply(Plan plan) {
        return apply(plan, ApplyListener.NONE);
    }

    public ApplyOutcome apply(Plan plan, ApplyListener listener) {
        // the latest plan made here carries what the next baseline is made of; any other plan drops it
        return last != null && last.plan() == plan ? loop().apply(last, listener) : loop().apply(plan, listener);
    }

    /** The cluster's actual state (empty when never applied). */
    public FleetState status(String cluster) {
        return settled().read(cluster).state();
    }

    /** The actual state with its revision. */
    public Snapshot snapshot(String cluster) {
        return settled().read(cluster);
    }

    /** Marks an instance unhealthy (e.g. {@code mps-daemon-unresponsive}); the next plan replaces it. */
    public long markUnhealthy(String cluster, String instanceId, String reason) {
        loop().forget(cluster);
        return settled().markUnhealthy(cluster, instanceId, reason);
    }

    /** Removes everything of {@code cluster}; false when there was nothing. */
    public boolean destroy(String cluster) {
        loop().forget(cluster);
        return settled().destroy(cluster);
    }

    public List<String> clusters() {
        return settled().clusters();
    }

    public Backend backend() {
        return settled();
    }

    /** The loop this object runs (shared with callers that converge the same backend). */
    public Converger converger() {
        return loop();
    }

    @Override
    public void close() {
        settled().close();
    }
}
