package dev.gpushare.pulumi.internal.cluster;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.FleetState;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.databind.node.ObjectNode;

/**
 * One call's access to the backend (see {@link Clusters#with}): the declared fragments as values,
 * predictions (nothing written) and convergence (declare, plan, apply).
 */
public final class Session {
    /** Applies refused by a concurrent writer are re-planned this many times. */
    private static final int ATTEMPTS = 5;

    private final Backend backend;
    private final Convergence convergence;
    private final Declarations declarations;
    private final Map<String, SortedMap<String, ObjectNode>> previewed;

    Session(Backend backend, Convergence convergence, Declarations declarations, Map<String, SortedMap<String, ObjectNode>> previewed) {
        this.backend = backend;
        this.convergence = convergence;
        this.declarations = declarations;
        this.previewed = previewed;
    }

    /** The cluster's declared fragments, key → fragment (the map is the caller's; the trees are not to be changed). */
    public SortedMap<String, ObjectNode> declared(String cluster) {
        return declarations.of(store(), cluster);
    }

    /** The fragment declared under {@code key}, or null. */
    public ObjectNode declared(String cluster, String key) {
        return declarations.get(store(), cluster, key);
    }

    /** The declared fragments with what this deployment's previews declared on top. */
    public SortedMap<String, ObjectNode> declaredAndPreviewed(String cluster) {
        SortedMap<String, ObjectNode> all = declared(cluster);
        SortedMap<String, ObjectNode> mine = previewed.get(cluster);
        if (mine != null) all.putAll(mine);
        return all;
    }

    /** The cluster's placement as the backend holds it. */
    public FleetState actual(String cluster) {
        return backend.read(cluster).state();
    }

    /**
     * What the cluster would look like with {@code key} set to {@code fragment} ({@code null}:
     * removed) on top of the declared and previewed fragments. Writes nothing.
     */
    public Outcome predict(String cluster, String key, ObjectNode fragment) {
        SortedMap<String, ObjectNode> fragments = declaredAndPreviewed(cluster);
        if (fragment == null) fragments.remove(key); else fragments.put(key, fragment);
        Snapshot actual = backend.read(cluster);
        Convergence.Prepared p = convergence.prepare(cluster, fragments, actual);
        return Convergence.outcome(p, key, p.plan() == null ? actual.state() : p.plan().desired());
    }

    /** What the declared and previewed fragments of the cluster would give. Writes nothing. */
    public Outcome predictAll(String cluster) {
        SortedMap<String, ObjectNode> fragments = declaredAndPreviewed(cluster);
        Snapshot actual = backend.read(cluster);
        Convergence.Prepared p = convergence.prepare(cluster, fragments, actual);
        return Convergence.outcome(p, "", p.plan() == null ? actual.state() : p.plan().desired());
    }

    /** {@link #predict}, and remembers {@code fragment} for what this deployment's previews predict next. */
    public Outcome preview(String cluster, String key, ObjectNode fragment) {
        Outcome o = predict(cluster, key, fragment);
        previewed.computeIfAbsent(cluster, c -> new TreeMap<>()).put(key, fragment);
        return o;
    }

    /** Declares {@code fragment} under {@code key}, then plans the cluster and applies the plan. */
    public Outcome declareAndConverge(String cluster, String key, ObjectNode fragment) {
        declarations.declare(store(), cluster, key, fragment);
        return converge(cluster, key);
    }

    /** Removes {@code key}, then plans the cluster and applies the plan (nothing declared: the cluster is removed). */
    public Outcome undeclareAndConverge(String cluster, String key) {
        declarations.undeclare(store(), cluster, key);
        return converge(cluster, key);
    }

    private Outcome converge(String cluster, String key) {
        for (int attempt = 1; ; attempt++) {
            SortedMap<String, ObjectNode> declared = declared(cluster);
            Snapshot actual = backend.read(cluster);
            Convergence.Prepared p = convergence.prepare(cluster, declared, actual);
            if (p.plan() == null) return Convergence.outcome(p, key, actual.state());
            ApplyOutcome applied = convergence.apply(p);
            switch (applied) {
                case ApplyOutcome.Applied a -> {
                    if (declared.isEmpty()) { // nothing declared: leave no trace
                        backend.destroy(cluster);
                        convergence.destroyed(cluster);
                    }
                    return Convergence.outcome(p, key, p.plan().desired());
                }
                case ApplyOutcome.Conflict c -> {
                    if (attempt == ATTEMPTS) throw new IllegalStateException(c.conflict().message());
                }
                // a plan made here from the declared spec: refusing it is a defect, said with its problems
                case ApplyOutcome.Refused r -> throw new IllegalStateException("the apply-time check refused the plan of"
                        + " cluster " + cluster + ": " + r.problems());
            }
        }
    }

    private DeclaredResources store() {
        return backend.declaredResources().orElseThrow(() -> new IllegalStateException("the backend "
                + backend.describe() + " cannot keep declared resources; use the local backend (file:PATH) or the gpushare service"));
    }
}
