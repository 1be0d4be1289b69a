package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.LocalBackend;
import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.engine.validate.ValidationReport;
import dev.gpushare.model.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The PostgreSQL store holds what the local backend holds, for the examples of the repository. */
@EnabledIfEnvironmentVariable(named = TestServers.PG_ENV, matches = "jdbc:postgresql:.+",
        disabledReason = "no PostgreSQL: run `. .ci/start-postgres` to set GPUSHARE_TEST_PG_URL")
class PostgresStoreTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mps-sharing", "sagemaker-mig", "ecs-gpu-tasks", "contract-example"})
    void theSameSnapshotAsTheLocalBackendAfterApplyAndUnhealthyMark(String example) throws Exception {
        Path file = Path.of("../../examples", example, "spec.yaml");
        ValidationReport report = SpecValidator.validateText("spec.yaml", Files.readString(file));
        assertThat(report.problems()).isEmpty();
        Spec spec = report.spec();
        TestServers.resetPg();
        try (PlacementServer server = PlacementServer.start(ServerConfig.loopback(TestServers.pgUrl(), TestServers.TOKEN), TestServers.quiet());
             Gpushare remote = Gpushare.using(TestServers.client(server));
             Gpushare local = Gpushare.using(LocalBackend.open(dir.resolve("local.db")))) {
            for (Gpushare gs : new Gpushare[] {remote, local}) {
                gs.apply(gs.plan(spec));
                String first = gs.status(spec.cluster()).instances().getFirst().id().toString();
                gs.markUnhealthy(spec.cluster(), first, "mps-daemon-unresponsive");
                gs.apply(gs.plan(spec)); // replaces the unhealthy instance
            }
            Snapshot r = remote.snapshot(spec.cluster()), l = local.snapshot(spec.cluster());
            // declared layouts included: a reordered partitionLayout must be seen by the next plan
            assertThat(r).isEqualTo(l);
            assertThat(remote.plan(spec).isEmpty()).isTrue();
        }
    }

    @Test
    void readyWhileTheDatabaseAnswers() throws Exception {
        TestServers.resetPg();
        try (PlacementServer server = PlacementServer.start(ServerConfig.loopback(TestServers.pgUrl(), TestServers.TOKEN), TestServers.quiet())) {
            var http = java.net.http.HttpClient.newHttpClient();
            var r = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url() + "/readyz"))
                    .header("Authorization", "Bearer " + TestServers.TOKEN).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).contains("ready");
        }
    }
}
