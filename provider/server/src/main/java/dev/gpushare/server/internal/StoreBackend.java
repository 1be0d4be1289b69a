package dev.gpushare.server.internal;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecWriter;
import java.util.List;
import java.util.Optional;

/**
 * The service's {@link Store} as the engine's {@link Backend}, so that the service's plans and its
 * repair loop go through the engine's one {@link dev.gpushare.engine.converge.Converger}, and so that
 * a store can be written without the HTTP hop ({@link dev.gpushare.server.ServiceStores}). Closing it
 * leaves the store open (the server owns it) unless it was made {@link #owning} the store.
 */
public final class StoreBackend implements Backend {
    private final Store store;
    private final boolean owns;

    public StoreBackend(Store store) {
        this(store, false);
    }

    private StoreBackend(Store store, boolean owns) {
        this.store = store;
        this.owns = owns;
    }

    /** A backend over {@code store} that closes it when closed. */
    public static StoreBackend owning(Store store) {
        return new StoreBackend(store, true);
    }

    @Override
    public Snapshot read(String cluster) {
        return store.read(cluster);
    }

    @Override
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
        return store.apply(cluster, expectedRevision, batch, null);
    }

    @Override
    public void declareSpec(String cluster, Spec spec) {
        store.declareSpec(cluster, SpecWriter.toJson(spec));
    }

    @Override
    public long markUnhealthy(String cluster, String instanceId, String reason) {
        return store.markUnhealthy(cluster, instanceId, reason);
    }

    @Override
    public List<String> clusters() {
        return store.clusters();
    }

    @Override
    public boolean destroy(String cluster) {
        return store.destroy(cluster);
    }

    @Override
    public Optional<DeclaredResources> declaredResources() {
        return store.declaredResources();
    }

    @Override
    public String describe() {
        return store.describe();
    }

    @Override
    public void close() {
        if (owns) store.close();
    }
}
