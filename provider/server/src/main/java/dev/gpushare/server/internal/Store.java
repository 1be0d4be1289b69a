package dev.gpushare.server.internal;

import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import java.util.List;
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

    long markUnhealthy(String cluster, String instanceId, String reason);

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
