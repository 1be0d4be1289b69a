package dev.gpushare.server;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Servers for tests: on a temporary embedded store, or on the PostgreSQL of {@code GPUSHARE_TEST_PG_URL}. */
public final class TestServers {
    static final String TOKEN = "test-token-0123456789abcdef";
    static final String PG_ENV = "GPUSHARE_TEST_PG_URL";

    private TestServers() {}

    static PlacementServer embedded(Path dir) {
        return PlacementServer.start(ServerConfig.loopback("file:" + dir.resolve("state.db"), TOKEN), quiet());
    }

    static HttpBackend client(PlacementServer s) {
        return HttpBackend.connect(s.url(), TOKEN, HttpBackend.Options.defaults());
    }

    public static String pgUrl() {
        return System.getenv(PG_ENV);
    }

    /** Drops the service's tables, so each test starts from an empty, freshly migrated database. */
    public static void resetPg() throws SQLException {
        try (Connection c = DriverManager.getConnection(pgUrl()); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS clusters, cluster_instances, cluster_allocations, apply_keys, declared_resources, cluster_specs, health_marks, agent_heartbeats,"
                    + " gpushare_schema_history CASCADE");
        }
    }

    /** Refusals are logged by design; tests keep their output for failures only. */
    static PrintStream quiet() {
        return new PrintStream(OutputStream.nullOutputStream());
    }

    static void deleteQuietly(Path p) {
        try {
            java.nio.file.Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // temp dirs are cleaned by JUnit
        }
    }
}
