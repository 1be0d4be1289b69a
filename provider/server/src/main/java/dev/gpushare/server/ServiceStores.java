package dev.gpushare.server;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.server.internal.PgStore;
import dev.gpushare.server.internal.StoreBackend;

/**
 * The placement service's stores as engine {@link Backend}s, without the HTTP hop: each batch is one
 * store transaction, as the service runs it for one {@code /apply} request (what benchmarks and
 * tools that write a store directly use; clients use {@link HttpBackend}).
 */
public final class ServiceStores {
    private ServiceStores() {}

    /**
     * The PostgreSQL store at a {@code jdbc:postgresql://…} URL (its schema migrated first) with at
     * most {@code connections} connections; closing the backend closes the store.
     */
    public static Backend postgres(String jdbcUrl, int connections) {
        return StoreBackend.owning(PgStore.open(jdbcUrl, connections));
    }
}
