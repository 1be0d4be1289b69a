package dev.gpushare.bench;

import java.util.List;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.server.internal.Store;

/**
 * The placement service's store as a {@link Backend}: what a remote apply writes through, without
 * the HTTP hop (each batch is one {@link Store#apply}, as the service runs it for one request).
 * Closing it leaves the store open.
 */
record StoreBackend(Store store) implements Backend {
    @Override
    public Snapshot read(String cluster) {
        return store.read(cluster);
    }

    @Override
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
        return store.apply(cluster, expectedRevision, batch, null);
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
    public String describe() {
        return store.describe();
    }

    @Override
    public void close() {}
}
