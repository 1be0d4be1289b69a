package dev.gpushare.engine.converge;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Baseline;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Replan;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.reconcile.Reconciler;
import dev.gpushare.engine.resolve.ResolvedSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one place the loop is composed: <b>observe</b> (read the cluster's snapshot) → <b>plan</b>
 * ({@link Pipeline#plan} from the cluster's baseline) → <b>apply</b> ({@link Reconciler}) →
 * <b>remember</b> (the baseline the apply left). Every front door calls it: the Java API
 * ({@link dev.gpushare.engine.Gpushare}, which the CLI uses), the HTTP service's plans and its
 * repair loop ({@code serve --reconcile}), the Pulumi provider and the controller.
 *
 * <p>Policies, decided here once:
 * <ul>
 *   <li><b>Baseline.</b> Per cluster, the spec and state it was last converged to: kept after a
 *       plan applied in full, or a plan that was empty; used by the next plan only while nothing
 *       changed under it ({@link Baseline#holdsFor}: the same revision and the same instances,
 *       health and copies), so a copy deleted or edited out of band or a health mark is seen by the
 *       very next plan. Dropped after any other apply outcome. At most {@code clusters} are kept
 *       (least recently used dropped first); losing one only costs speed.</li>
 *   <li><b>Conflict.</b> {@link #converge} re-observes and re-plans when another writer moved the
 *       cluster under an apply ({@link ApplyOutcome.Conflict}), up to {@code attempts} plans;
 *       a refused plan is not retried (it would be refused again).</li>
 * </ul>
 *
 * <p>It holds baselines only, never plans: the caller keeps the {@link Replan} it applies (a
 * {@link Plan} from elsewhere, such as a saved plan file, is applied with the baseline dropped).
 * Thread-safe: plans of different clusters run at once; the bookkeeping is guarded. Two
 * converges of one cluster at once are safe too (the backend's optimistic writes refuse the one
 * that lost, which plans again), only wasteful: callers that loop serialise per cluster.
 */
public final class Converger {
    /** Plans per {@link #converge} call when other writers keep moving the cluster. */
    public static final int DEFAULT_ATTEMPTS = 5;
    /** Baselines kept by default. */
    public static final int DEFAULT_CLUSTERS = 1024;

    private final Backend backend;
    /** How a rollout's waves wait for readiness: the backend's signal, 30 s per wave unless set ({@link #readyTimeout}). */
    private volatile dev.gpushare.engine.reconcile.RolloutGate gate;
    private final int attempts;
    /** Per cluster, its baseline; least recently used dropped beyond the bound. */
    private final Map<String, Baseline> baselines;
    /** A baseline restored by {@link #readAhead}, until a plan of its cluster takes it. */
    private volatile Ahead ahead;

    /** A baseline restored ahead, with the built-in catalog it was restored against. */
    private record Ahead(Baseline baseline, dev.gpushare.engine.catalog.Catalog builtIn) {}

    public Converger(Backend backend) {
        this(backend, DEFAULT_CLUSTERS, DEFAULT_ATTEMPTS);
    }

    /**
     * @param clusters baselines kept at most (≥ 1)
     * @param attempts plans per {@link #converge} at most (≥ 1)
     */
    public Converger(Backend backend, int clusters, int attempts) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.gate = new dev.gpushare.engine.reconcile.RolloutGate(backend.readiness(), DEFAULT_READY_TIMEOUT, java.time.Duration.ofMillis(250));
        if (clusters < 1) throw new IllegalArgumentException("clusters must be ≥ 1, was " + clusters);
        if (attempts < 1) throw new IllegalArgumentException("attempts must be ≥ 1, was " + attempts);
        this.attempts = attempts;
        this.baselines = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Baseline> eldest) {
                return size() > clusters;
            }
        };
    }

    /** Observe and plan: the actions that would converge the cluster to {@code spec}. Writes nothing. */
    public Replan plan(ResolvedSpec spec) {
        return plan(spec, backend.read(spec.cluster()));
    }

    /**
     * Plan from a snapshot the caller observed (of this converger's backend). Writes nothing; an
     * empty plan records the cluster's baseline (the state is converged to {@code spec}).
     */
    public Replan plan(ResolvedSpec spec, Snapshot actual) {
        Baseline held = baseline(spec.cluster()).or(() -> ahead(spec, actual)).orElseGet(() -> stored(spec, actual));
        Replan r = Pipeline.plan(spec, actual, held);
        r.converged().ifPresent(this::remember);
        return r;
    }

    /**
     * The baseline the backend kept for exactly {@code actual}'s revision ({@link
     * dev.gpushare.engine.backend.ConvergedSpecs}: a fresh process, such as a command, plans from
     * the last converged apply the way a long-running one plans from memory), or null.
     */
    private Baseline stored(ResolvedSpec spec, Snapshot actual) {
        return backend.convergedSpecs().flatMap(s -> s.convergedAt(spec.cluster(), actual.revision(), spec.spec())
                .map(converged -> Baseline.restored(converged, spec.catalog(), actual,
                        s.nodesAt(spec.cluster(), actual.revision()).orElse(null)))).orElse(null);
    }

    /**
     * Observes ahead of a plan, on the calling thread (the command line runs it on another thread
     * while it checks its spec): the backend reads the snapshot the plan will most likely read
     * ({@link Backend#readAhead}) and, where it keeps the spec that state was converged to
     * ({@link dev.gpushare.engine.backend.ConvergedSpecs}), the baseline is restored from the two
     * with its placement bookkeeping worked out ({@link Baseline#prepared}). The next plan of that
     * cluster starts from it while it holds ({@link Baseline#holdsFor}: the same revision and
     * instances) and its spec is resolved against the same built-in catalog: the change set
     * between the converged spec and the planned one then says what is placed again, as for a
     * baseline held in memory. The digest of what a copy runs ({@link dev.gpushare.engine.state.Revision})
     * is looked up too, for a plan that places copies. Nothing here fails; losing it only costs speed.
     */
    public void readAhead() {
        try {
            Optional<Snapshot> read = backend.readAhead();
            if (read.isEmpty() || read.get().revision() == 0) return;
            Snapshot actual = read.get();
            String cluster = actual.state().cluster();
            if (baseline(cluster).isPresent()) return;
            dev.gpushare.engine.catalog.Catalog builtIn = dev.gpushare.engine.catalog.Catalog.builtIn();
            backend.convergedSpecs().flatMap(s -> s.convergedAt(cluster, actual.revision(), null)
                    .map(converged -> Baseline.restored(converged, ResolvedSpec.of(converged, builtIn).catalog(), actual,
                            s.nodesAt(cluster, actual.revision()).orElse(null)).prepared()))
                    .ifPresent(b -> ahead = new Ahead(b, builtIn));
            // a plan that places a copy digests what it runs: the digest is looked up meanwhile too
            dev.gpushare.engine.state.Revision.prepare();
        } catch (RuntimeException e) {
            ahead = null; // the plan restores its baseline itself, or takes the full path
        }
    }

    /** The baseline {@link #readAhead} restored, when it is of this cluster, catalog and state (taken: used once). */
    private Optional<Baseline> ahead(ResolvedSpec spec, Snapshot actual) {
        Ahead a = ahead;
        if (a == null || !a.baseline().cluster().equals(spec.cluster())) return Optional.empty();
        ahead = null;
        return a.builtIn() == spec.builtIn() && a.baseline().holdsFor(actual) ? Optional.of(a.baseline()) : Optional.empty();
    }

    /** Keeps {@code b} as its cluster's baseline, and hands it to the backend to keep with the state where it can. */
    private void remember(Baseline b) {
        synchronized (baselines) {
            baselines.put(b.cluster(), b);
        }
        if (b.restorable()) backend.convergedSpecs().ifPresent(s -> s.converged(b.cluster(), b.revision(), b.spec(), b::storedNodes));
    }

    /**
     * Applies a plan made by {@link #plan} and remembers what it left: the next baseline when every
     * action committed; otherwise the cluster's baseline is dropped (the state may have moved), and
     * the next plan takes the full path.
     */
    public ApplyOutcome apply(Replan r, ApplyListener listener) {
        ApplyOutcome outcome = Reconciler.apply(backend, r.plan(), listener, Reconciler.DEFAULT_BATCH, gate);
        Optional<Baseline> next = r.after(outcome);
        if (next.isPresent()) {
            remember(next.get());
        } else {
            forget(r.plan().cluster());
        }
        return outcome;
    }

    /** Default time a rollout wave's new copies have to become ready before they count towards the circuit breaker. */
    public static final java.time.Duration DEFAULT_READY_TIMEOUT = java.time.Duration.ofSeconds(30);

    /**
     * Sets how long a rollout wave's new copies have to become ready ({@link
     * dev.gpushare.engine.backend.Backend#readiness()}) before they count towards the circuit breaker.
     */
    public void readyTimeout(java.time.Duration deadline) {
        gate = new dev.gpushare.engine.reconcile.RolloutGate(backend.readiness(), deadline, java.time.Duration.ofMillis(250));
    }

    /** Applies a plan made elsewhere (a saved plan file): the cluster's baseline is dropped. */
    public ApplyOutcome apply(Plan plan, ApplyListener listener) {
        ApplyOutcome outcome = Reconciler.apply(backend, plan, listener, Reconciler.DEFAULT_BATCH, gate);
        forget(plan.cluster());
        return outcome;
    }

    /**
     * The loop: observe → plan → apply → remember, planning again when another writer moved the
     * cluster under the apply (up to the attempts given). An empty plan is the converged answer.
     */
    public Converged converge(ResolvedSpec spec, ApplyListener listener) {
        for (int attempt = 1; ; attempt++) {
            Replan r = plan(spec);
            Plan plan = r.plan();
            if (plan.isEmpty()) return Converged.of(r, new ApplyOutcome.Applied(plan.revision(), 0), attempt);
            ApplyOutcome outcome = apply(r, listener);
            if (!(outcome instanceof ApplyOutcome.Conflict) || attempt >= attempts) return Converged.of(r, outcome, attempt);
        }
    }

    /**
     * One round of the loop from a snapshot the caller observed and judged (the repair loop: a
     * health mark younger than its grace must not be acted on, so the plan is made from exactly
     * the snapshot that was checked, never from a newer read). A conflict is returned, not retried:
     * the caller observes again.
     */
    public Converged convergeFrom(ResolvedSpec spec, Snapshot observed, ApplyListener listener) {
        Replan r = plan(spec, observed);
        if (r.plan().isEmpty()) return Converged.of(r, new ApplyOutcome.Applied(r.plan().revision(), 0), 1);
        return Converged.of(r, apply(r, listener), 1);
    }

    /** {@link #converge} without progress reports. */
    public Converged converge(ResolvedSpec spec) {
        return converge(spec, ApplyListener.NONE);
    }

    /** The baseline the next plan of {@code cluster} may start from, if one is kept. */
    public Optional<Baseline> baseline(String cluster) {
        synchronized (baselines) {
            return Optional.ofNullable(baselines.get(cluster));
        }
    }

    /** Forgets a cluster's baseline (destroyed, or written by a path that does not go through here). */
    public void forget(String cluster) {
        synchronized (baselines) {
            baselines.remove(cluster);
        }
    }

    /** Baselines kept now. */
    public int size() {
        synchronized (baselines) {
            return baselines.size();
        }
    }

    public Backend backend() {
        return backend;
    }
}
