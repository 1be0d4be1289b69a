package dev.gpushare.engine.backend;

import dev.gpushare.engine.plan.Action;
import java.util.List;

/**
 * Where a cluster's actual state lives. The engine depends on this interface only; {@code
 * Backends.open} picks an implementation from a URL.
 *
 * <p>The contract every implementation keeps (tested by {@code BackendContract} in the engine's
 * test jar, which each backend's tests extend):
 * <ul>
 *   <li><b>Optimistic writes.</b> Every write names the revision it was computed against and is
 *       refused with {@link BatchResult.RevisionConflict}, nothing written, when the cluster has
 *       moved on.</li>
 *   <li><b>Revisions are never reused.</b> A cluster's revision only grows, over its whole life:
 *       each committed batch adds one, {@code markUnhealthy} adds one, and {@code destroy} is a
 *       write too — the cluster then reads as empty at a revision above the last, is no longer
 *       listed by {@link #clusters()}, and a later apply continues from that revision. So a
 *       revision names exactly one state, and a plan (or a saved plan file) made at revision R
 *       applies only to the very state it was made against. Only a cluster never written reads
 *       at revision 0.</li>
 *   <li><b>Checked before written.</b> A batch is checked with {@link
 *       dev.gpushare.engine.reconcile.ActionCheck#batch} against the state it would change; a
 *       batch with any problem is refused whole ({@link BatchResult.Refused}), nothing written.</li>
 * </ul>
 * Methods throw {@link BackendException} when the store cannot be used.
 */
public interface Backend extends AutoCloseable {

    /** The cluster's state and revision; an unknown cluster reads as empty at revision 0. */
    Snapshot read(String cluster);

    /**
     * Applies {@code batch} atomically: all of it and the revision bump commit together, or
     * nothing does. Refused when the cluster is not at {@code expectedRevision}, or when an action
     * of the batch does not hold against the current state and the catalog.
     */
    BatchResult apply(String cluster, long expectedRevision, List<Action> batch);

    /**
     * Hands the backend the spec that the next batches of {@code cluster} converge to, before the
     * first of them. A backend that needs more than the actions carry (the Kubernetes backend:
     * container images, host resources, time-slicing replicas) keeps it with the cluster's state;
     * the others ignore it.
     */
    default void declareSpec(String cluster, dev.gpushare.model.Spec spec) {}

    /**
     * Records that an instance is unhealthy (e.g. {@code mps-daemon-unresponsive}); the next plan
     * replaces it. Bumps the revision. Throws {@link BackendException} {@code UNKNOWN_INSTANCE}
     * when the cluster has no such instance.
     *
     * @return the new revision
     */
    long markUnhealthy(String cluster, String instanceId, String reason);

    /** Every cluster that has state, by name. */
    List<String> clusters();

    /**
     * Removes everything of a cluster (instances, copies) as one more write: its revision moves on
     * and is never given out again.
     *
     * @return true when there was something to remove
     */
    boolean destroy(String cluster);

    /**
     * The store of declared resources, where this backend has one (the local backend and the
     * remote service do; a backend that cannot keep them answers empty).
     */
    default java.util.Optional<DeclaredResources> declaredResources() {
        return java.util.Optional.empty();
    }

    /**
     * Where this backend keeps which spec a cluster's state was last converged to, for a process
     * that plans once and exits (the command line): present for the local backend; the
     * long-running front doors keep their baselines in memory ({@link
     * dev.gpushare.engine.converge.Converger}) and need none.
     */
    default java.util.Optional<ConvergedSpecs> convergedSpecs() {
        return java.util.Optional.empty();
    }

    /**
     * Whether the copies a rollout's wave started are ready (what the wave waits for and the
     * deployment circuit breaker counts). The default is what the state says: ready when placed,
     * unless a health report marked the instance unhealthy; a backend with a better signal (the
     * Kubernetes backend: each pod's Ready condition) answers its own.
     */
    default dev.gpushare.engine.reconcile.Readiness readiness() {
        return dev.gpushare.engine.reconcile.Readiness.fromState(this);
    }

    /**
     * Reads, on the calling thread, the snapshot the next {@link #read} of a process about to plan
     * will most likely ask for, where this backend keeps what it read for that read: the local
     * backend reads its store's only cluster (nothing when it holds none or several). The next
     * read still checks the cluster's revision, so what was read ahead is answered only while
     * nothing was written since. Nothing here fails: a store that cannot be read says so to the read
     * that needs it. The default reads nothing. ({@link dev.gpushare.engine.converge.Converger#readAhead}
     * calls it on another thread while the command line checks its spec.)
     *
     * @return the snapshot read, or empty
     */
    default java.util.Optional<Snapshot> readAhead() {
        return java.util.Optional.empty();
    }

    /** Where this backend keeps its state, for messages (e.g. {@code file:.gpushare/state}). */
    String describe();

    @Override
    void close();
}
