package dev.gpushare.engine.backend;

import dev.gpushare.engine.plan.Action;
import java.util.List;

/**
 * Where a cluster's actual state lives. The engine depends on this interface only; {@code
 * Backends.open} picks an implementation from a URL.
 *
 * <p>Every write is optimistic: it names the revision it was computed against and is refused with
 * {@link BatchResult.RevisionConflict} when the cluster has moved on. Methods throw {@link
 * BackendException} when the store cannot be used.
 */
public interface Backend extends AutoCloseable {

    /** The cluster's state and revision; an unknown cluster reads as empty at revision 0. */
    Snapshot read(String cluster);

    /**
     * Applies {@code batch} atomically: all of it and the revision bump commit together, or
     * nothing does. Refused when the cluster is not at {@code expectedRevision}.
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
     * Removes everything of a cluster (instances, copies, revision).
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

    /** Where this backend keeps its state, for messages (e.g. {@code file:.gpushare/state}). */
    String describe();

    @Override
    void close();
}
