package dev.gpushare.server;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The placement service on PostgreSQL keeps the {@link Backend} contract (needs GPUSHARE_TEST_PG_URL; CI sets it). */
class PostgresBackendContractTest extends BackendContract {
    static PlacementServer server;

    @BeforeAll
    static void start() throws Exception {
        if (TestServers.pgUrl() == null) {
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException(TestServers.PG_ENV + " is not set; CI starts PostgreSQL with .ci/start-postgres");
            }
            assumeTrue(false, TestServers.PG_ENV + " is not set: PostgreSQL tests skipped (. .ci/start-postgres sets it)");
        }
        TestServers.resetPg();
        server = PlacementServer.start(ServerConfig.loopback(TestServers.pgUrl(), TestServers.TOKEN), TestServers.quiet());
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    @Override
    protected void freshStore() {
        // one database for the class: every test works on clusters of its own
    }

    @Override
    protected Backend open() {
        return TestServers.client(server);
    }
}
