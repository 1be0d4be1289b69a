package dev.gpushare.server.internal;

import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;

/**
 * What the service keeps its clusters in: the {@link dev.gpushare.engine.backend.Backend}
 * operations, safe for many request threads at once, plus idempotent applies. Implementations:
 * {@link PgStore} (PostgreSQL, several servers on one database) and {@link LocalStore} (the local
 * backend's SQLite file, one server).
 */
public interface Store extends AutoCloseable {

    Snapshot read(String cluster);

    /**
     * Applies one batch atomically with its revision bump. When {@code idempotencyKey} is not null
     * and a batch with that key already committed on this cluster, nothing is written and that
     * batch's result is returned again (a retried request).
     */
    BatchResult apply(String cluster, long expectedRevision, List<Action> batch, String idempotencyKey);

    /**
     * Marks an instance unhealthy (a revision bump) and, when it was healthy, records when: the
     * repair grace counts from then ({@link #markedAt}).
     */
    long markUnhealthy(String cluster, String instanceId, String reason);

    /**
     * Clears an instance's unhealthy mark, only when its reason starts with {@code reasonPrefix}
     * (an agent clears its own marks and no one else's). A revision bump when cleared.
     *
     * @return the new revision, or -1 when the instance was healthy or marked for another reason
     */
    long clearUnhealthy(String cluster, String instanceId, String reasonPrefix);

    /** When each instance's current unhealthy mark was made, by instance id (marks made through this store). */
    Map<String, Instant> markedAt(String cluster);

    /** Keeps the spec the cluster's applies converge to (its JSON), until the next one or a destroy. */
    void declareSpec(String cluster, String specJson);

    /** The spec last declared for {@code cluster}, as JSON. */
    Optional<String> declaredSpec(String cluster);

    /**
     * An agent's report for an instance arrived at {@code at}. Throws {@link
     * dev.gpushare.engine.backend.BackendException} {@code UNKNOWN_INSTANCE} when the cluster has no
     * such instance.
     */
    void heartbeat(String cluster, String instanceId, Instant at);

    /** The last report of each instance that has an agent, by instance id. */
    Map<String, Instant> heartbeats(String cluster);

    /** Forgets the heartbeats and mark times of instances not in {@code instances} (terminated ones). */
    void retainInstances(String cluster, Set<String> instances);

    /** The right to reconcile the store's clusters (one server at a time). */
    Leadership leadership();

    List<String> clusters();

    boolean destroy(String cluster);

    /** The declared resources (the Pulumi provider's pieces), where the store keeps them. */
    Optional<DeclaredResources> declaredResources();

    /** True when the store answers now (for {@code /readyz}). */
    boolean ready();

    /** Clusters whose snapshot the store keeps in memory (bounded; 0 for a store without a cache). */
    default int cachedClusters() {
        return 0;
    }

    /** Where the state lives, without credentials. */
    String describe();

    @Override
    void close();
}
