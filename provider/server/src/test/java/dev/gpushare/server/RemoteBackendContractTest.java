package dev.gpushare.server;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendContract;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** The placement service on its embedded store keeps the {@link Backend} contract, through the HTTP client. */
class RemoteBackendContractTest extends BackendContract {
    @TempDir static Path dir;
    static PlacementServer server;

    @BeforeAll
    static void start() {
        server = TestServers.embedded(dir);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Override
    protected void freshStore() {
        // one server for the class: every test works on clusters of its own
    }

    @Override
    protected Backend open() {
        return TestServers.client(server);
    }
}
