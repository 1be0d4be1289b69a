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
 * <p>Thread-safe: plans of different clusters run at once; the bookkeeping is guarded. Two
 * converges of one cluster at once are safe too (the backend's optimistic writes refuse the one
 * that lost, which plans again), only wasteful: callers that loop serialise per cluster.
 */
public final class Converger {
    /** Plans per {@link #converge} call when other writers keep moving the cluster. */
    public static final int DEFAULT_ATTEMPTS = 5;
    /** Baselines kept by default. */
    public static final int DEFAULT_CLUSTERS = 1024;

    private final Backend backend;
    private final int attempts;
    /** Per cluster: its baseline and the latest plan made here (whose apply records the next one). */
    private final Map<String, Memory> memory;

    private record Memory(Baseline baseline, Replan last) {}

    public Converger(Backend backend) {
        this(backend, DEFAULT_CLUSTERS, DEFAULT_ATTEMPTS);
    }

    /**
     * @param clusters baselines kept at most (≥ 1)
     * @param attempts plans per {@link #converge} at most (≥ 1)
     */
    public Converger(Backend backend, int clusters, int attempts) {
        this.backend = Objects.requireNonNull(backend, "backend");
        if (clusters < 1) throw new IllegalArgumentException("clusters must be ≥ 1, was " + clusters);
        if (attempts < 1) throw new IllegalArgumentException("attempts must be ≥ 1, was " + attempts);
        this.attempts = attempts;
        this.memory = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Memory> eldest) {
                return size() > clusters;
            }
        };
    }

    /** Observe and plan: the actions that would converge the cluster to {@code spec}. Writes nothing. */
    public Replan plan(ResolvedSpec spec) {
        return plan(spec, backend.read(spec.cluster()));
    }

    /** Plan from a snapshot the caller observed (of this converger's backend). Writes nothing. */
    public Replan plan(ResolvedSpec spec, Snapshot actual) {
        String cluster = spec.cluster();
        Replan r = Pipeline.plan(spec, actual, baseline(cluster).orElse(null));
        synchronized (memory) {
            Memory m = memory.get(cluster);
            Baseline keep = r.converged().orElse(m == null ? null : m.baseline());
            memory.put(cluster, new Memory(keep, r));
        }
        return r;
    }

    /**
     * Applies {@code plan} and remembers what it left: the next baseline when it is the latest plan
     * made here for its cluster and committed in full; otherwise the cluster's baseline is dropped
     * (the state may have moved), and the next plan takes the full path.
     */
    public ApplyOutcome apply(Plan plan, ApplyListener listener) {
        ApplyOutcome outcome = Reconciler.apply(backend, plan, listener);
        remember(plan, outcome);
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
            if (plan.isEmpty()) return new Converged(plan, new ApplyOutcome.Applied(plan.revision(), 0), plan.desired(), attempt);
            ApplyOutcome outcome = apply(plan, listener);
            switch (outcome) {
                case ApplyOutcome.Applied a -> {
                    return new Converged(plan, a, plan.desired(), attempt);
                }
                case ApplyOutcome.Refused refused -> {
                    return new Converged(plan, refused, r.observed(), attempt);
                }
                case ApplyOutcome.Conflict conflict -> {
                    if (attempt >= attempts) return new Converged(plan, conflict, r.observed(), attempt);
                }
            }
        }
    }

    /** {@link #converge} without progress reports. */
    public Converged converge(ResolvedSpec spec) {
        return converge(spec, ApplyListener.NONE);
    }

    /** The baseline the next plan of {@code cluster} may start from, if one is kept. */
    public Optional<Baseline> baseline(String cluster) {
        synchronized (memory) {
            Memory m = memory.get(cluster);
            return m == null ? Optional.empty() : Optional.ofNullable(m.baseline());
        }
    }

    /** The latest plan made here for {@code cluster}, with how it was made (tests, metrics). */
    public Optional<Replan> lastPlan(String cluster) {
        synchronized (memory) {
            Memory m = memory.get(cluster);
            return m == null ? Optional.empty() : Optional.ofNullable(m.last());
        }
    }

    /** Forgets a cluster (destroyed, or written by a path that does not go through here). */
    public void forget(String cluster) {
        synchronized (memory) {
            memory.remove(cluster);
        }
    }

    /** Baselines kept now. */
    public int size() {
        synchronized (memory) {
            return memory.size();
        }
    }

    public Backend backend() {
        return backend;
    }

    private void remember(Plan plan, ApplyOutcome outcome) {
        synchronized (memory) {
            Memory m = memory.get(plan.cluster());
            Optional<Baseline> next = m != null && m.last() != null && m.last().plan() == plan
                    ? m.last().after(outcome) : Optional.empty();
            if (next.isPresent()) memory.put(plan.cluster(), new Memory(next.get(), null));
            else memory.remove(plan.cluster());
        }
    }
}
