package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecWriter;
import dev.gpushare.server.internal.ServiceWire;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The service keeps a cluster's baseline when a plan finds it converged (an empty plan), and the
 * next plans of that cluster at the same revision follow the change — with the answer the full
 * path gives, byte for byte. Any write moves the revision: the next plan is full again.
 */
class PlanBaselineTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    @TempDir Path dir;
    private PlacementServer server;

    @BeforeEach
    void start() {
        server = TestServers.embedded(dir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aPlanFromAConvergedClusterFollowsTheChangeWithTheFullPathsAnswer() throws Exception {
        // 2 services of 3 copies of 8192 MiB on g6.12xlarge (4 L4 x 2 copies each)
        Spec v1 = Specs.spec("team-b", 1, 2, 3);
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            gs.apply(gs.plan(v1));
        }
        assertThat(plans()).containsExactly(0L, 0L);

        JsonNode converged = plan(v1);
        assertThat(converged.get("actions").size()).isZero();
        assertThat(plans()).containsExactly(0L, 1L); // the full path found it converged: a baseline is kept

        // one service +2 copies: planned from the baseline, answered as the full path answers it
        Spec v2 = withCount(v1, 0, 5);
        JsonNode changed = plan(v2);
        assertThat(plans()).containsExactly(1L, 1L);
        assertThat(changed.get("actions").size()).isPositive();
        try (var client = TestServers.client(server)) {
            ResolvedSpec resolved = Pipeline.check(v2).orThrow();
            // the full path's plan as the service writes it (numbers read back as the answer's are)
            JsonNode full = ServiceWire.MAPPER.readTree(ServiceWire.MAPPER.writeValueAsString(
                    PlanJson.toTree(Pipeline.plan(resolved, client.read("team-b")))));
            assertThat(changed).isEqualTo(full);
        }
        assertThat(plan(v1).get("actions").size()).isZero(); // back to v1: still from the baseline
        assertThat(plans()).containsExactly(2L, 1L);

        // a health mark moves the revision: the kept baseline no longer holds, the full path runs
        try (var client = TestServers.client(server)) {
            client.markUnhealthy("team-b", client.read("team-b").state().instances().getFirst().id().toString(),
                    "mps-daemon-unresponsive");
        }
        JsonNode afterMark = plan(v1);
        assertThat(afterMark.get("actions").size()).isPositive(); // the unhealthy instance is replaced
        assertThat(plans()).containsExactly(2L, 2L);
    }

    @Test
    void theSameDocumentPlannedAgainIsAnsweredTheFullPathsBytesAndAnotherIsCheckedAgain() throws Exception {
        // 2 services of 3 copies of 8192 MiB; the server keeps the document's check and the desired state's JSON
        Spec v1 = Specs.spec("team-b", 1, 2, 3);
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            gs.apply(gs.plan(v1));
        }
        String body = ServiceWire.MAPPER.writeValueAsString(SpecWriter.toTree(v1));
        byte[] full;
        try (var client = TestServers.client(server)) {
            full = ServiceWire.MAPPER.writeValueAsBytes(PlanJson.toTree(Pipeline.plan(Pipeline.check(v1).orThrow(), client.read("team-b"))));
        }
        for (int i = 0; i < 3; i++) { // checked, then twice from what was kept: the same bytes each time
            HttpResponse<byte[]> r = post("team-b", body);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(new String(r.body())).isEqualTo(new String(full));
        }
        // another document (desiredCount -1) is checked, not answered from the kept one
        HttpResponse<byte[]> bad = post("team-b", body.replaceFirst("\"desiredCount\":3", "\"desiredCount\":-1"));
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(new String(bad.body())).contains("INVALID_SPEC");
        // the same document sent to another cluster is still refused
        HttpResponse<byte[]> elsewhere = post("team-c", body);
        assertThat(new String(elsewhere.body())).contains("CLUSTER_MISMATCH");
        assertThat(new String(post("team-b", body).body())).isEqualTo(new String(full));
    }

    private HttpResponse<byte[]> post(String cluster, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/clusters/" + cluster + "/plan"))
                .header("Authorization", "Bearer " + TestServers.TOKEN).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    /** {@code gpushare_plans_total} as [change, full]. */
    private List<Long> plans() throws Exception {
        String metrics = HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + "/metrics"))
                .header("Authorization", "Bearer " + TestServers.TOKEN).build(), HttpResponse.BodyHandlers.ofString()).body();
        List<Long> out = new ArrayList<>();
        for (String path : List.of("change", "full")) {
            String prefix = "gpushare_plans_total{path=\"" + path + "\"} ";
            out.add(metrics.lines().filter(l -> l.startsWith(prefix)).map(l -> (long) Double.parseDouble(l.substring(prefix.length()))) // the exposition format writes 2 as 2.0
                    .findFirst().orElseThrow());
        }
        return out;
    }

    private JsonNode plan(Spec spec) throws Exception {
        String body = ServiceWire.MAPPER.writeValueAsString(SpecWriter.toTree(spec));
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/clusters/" + spec.cluster() + "/plan"))
                .header("Authorization", "Bearer " + TestServers.TOKEN).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return ServiceWire.MAPPER.readTree(r.body());
    }

    private static Spec withCount(Spec spec, int service, int count) {
        List<Service> services = new ArrayList<>(spec.services());
        Service s = services.get(service);
        services.set(service, new Service(s.name(), s.taskDefinition(), s.capacityProvider(), count, s.placementStrategy()));
        return new Spec(spec.apiVersion(), spec.cluster(), spec.capacityProviders(), spec.taskDefinitions(), services,
                spec.endpoints(), spec.inferenceComponents(), spec.instanceTypes());
    }
}
