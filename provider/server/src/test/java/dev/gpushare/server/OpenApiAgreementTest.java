package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.model.io.SpecWriter;
import dev.gpushare.server.internal.ServiceWire;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The server and its OpenAPI document agree: the same routes, and answers that fit the document's schemas. */
class OpenApiAgreementTest {
    static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir static Path dir;
    static PlacementServer server;
    static JsonNode doc;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.embedded(dir);
        try (InputStream in = OpenApiAgreementTest.class.getResourceAsStream(PlacementServer.OPENAPI_RESOURCE)) {
            doc = ServiceWire.MAPPER.readTree(in);
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void everyRouteIsDocumentedAndEveryDocumentedOperationIsServed() {
        Set<String> documented = new TreeSet<>();
        for (Map.Entry<String, JsonNode> path : doc.get("paths").properties()) {
            for (Map.Entry<String, JsonNode> op : path.getValue().properties()) {
                if (METHODS.contains(op.getKey())) documented.add(op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey());
            }
        }
        assertThat(new TreeSet<>(server.routes())).isEqualTo(documented);
        assertThat(doc.get("openapi").asString()).isEqualTo("3.1.0");
    }

    @Test
    void theServedDocumentIsTheRepositorysFile() throws Exception {
        JsonNode served = ServiceWire.MAPPER.readTree(send("GET", "/v1/openapi.json", null, TestServers.TOKEN).body());
        assertThat(served).isEqualTo(doc);
    }

    @Test
    void answersOfARunFitTheDocument() throws Exception {
        String spec = ServiceWire.MAPPER.writeValueAsString(SpecWriter.toTree(Specs.spec("team-a", 1, 1, 2)));
        Plan plan;
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            plan = gs.plan(Specs.spec("team-a", 1, 1, 2));
        }
        ObjectNode apply = ServiceWire.NODES.objectNode();
        apply.put("expectedRevision", 0);
        apply.set("actions", ServiceWire.actions(plan.actions()));
        String applyBody = ServiceWire.MAPPER.writeValueAsString(apply);

        record Call(String method, String template, String path, String body, int status) {}
        List<Call> calls = new ArrayList<>(List.of(
                new Call("GET", "/healthz", "/healthz", null, 200),
                new Call("GET", "/readyz", "/readyz", null, 200),
                new Call("GET", "/v1/clusters", "/v1/clusters", null, 200),
                new Call("GET", "/v1/clusters/{cluster}/state", "/v1/clusters/team-a/state", null, 200),
                new Call("GET", "/v1/clusters/{cluster}/state", "/v1/clusters/-bad-/state", null, 400),
                new Call("POST", "/v1/clusters/{cluster}/plan", "/v1/clusters/team-a/plan", spec, 200),
                new Call("POST", "/v1/clusters/{cluster}/plan", "/v1/clusters/team-a/plan", "{\"cluster\": 1}", 400),
                new Call("POST", "/v1/clusters/{cluster}/apply", "/v1/clusters/team-a/apply", applyBody, 200),
                new Call("POST", "/v1/clusters/{cluster}/apply", "/v1/clusters/team-a/apply", applyBody, 409),
                new Call("GET", "/v1/clusters/{cluster}/state", "/v1/clusters/team-a/state", null, 200),
                new Call("POST", "/v1/clusters/{cluster}/plan", "/v1/clusters/team-a/plan", spec, 200),
                new Call("POST", "/v1/clusters/{cluster}/instances/{instance}/unhealthy",
                        "/v1/clusters/team-a/instances/nope/unhealthy", "{\"reason\": \"x\"}", 404),
                new Call("PUT", "/v1/clusters/{cluster}/declared/{section}/{name}", "/v1/clusters/team-a/declared/services/svc-0",
                        "{\"name\": \"svc-0\", \"desiredCount\": 2}", 200),
                new Call("PUT", "/v1/clusters/{cluster}/declared/{section}/{name}", "/v1/clusters/team-a/declared/widgets/w", "{}", 400),
                new Call("GET", "/v1/clusters/{cluster}/declared", "/v1/clusters/team-a/declared", null, 200),
                new Call("DELETE", "/v1/clusters/{cluster}/declared/{section}/{name}", "/v1/clusters/team-a/declared/services/svc-0", null, 200),
                new Call("DELETE", "/v1/clusters/{cluster}", "/v1/clusters/team-a", null, 200),
                new Call("GET", "/v1/clusters", "/v1/clusters", null, 401)));
        for (Call c : calls) {
            HttpResponse<String> r = send(c.method(), c.path(), c.body(), c.status() == 401 ? "wrong-token-0123456789" : TestServers.TOKEN);
            assertThat(r.statusCode()).as(c.toString()).isEqualTo(c.status());
            JsonNode responses = doc.get("paths").get(c.template()).get(c.method().toLowerCase(Locale.ROOT)).get("responses");
            JsonNode documented = responses.get(Integer.toString(r.statusCode()));
            assertThat(documented).as("status %d of %s %s is documented", r.statusCode(), c.method(), c.template()).isNotNull();
            JsonNode schema = documented.get("content").get("application/json").get("schema");
            List<?> errors = validator(schema).validate(ServiceWire.MAPPER.readTree(r.body()));
            assertThat(errors).as("%s %s → %d: %s %s", c.method(), c.path(), r.statusCode(), r.body(), errors).isEmpty();
        }
        // the batch placed the plan's 2 copies (a counter: kept after the cluster is destroyed)
        assertThat(send("GET", "/metrics", null, TestServers.TOKEN).body())
                // the Prometheus client writes counter values as floats
                .contains("gpushare_placements_total{cluster=\"team-a\"} 2.0\n")
                .contains("gpushare_http_requests_total{route=\"POST /v1/clusters/{cluster}/apply\",status=\"409\"} 1.0\n");
    }

    /** A validator for one schema of the document, its {@code #/components/…} references resolved. */
    static Schema validator(JsonNode fragment) {
        ObjectNode root = ServiceWire.NODES.objectNode();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.setAll((ObjectNode) fragment);
        root.set("components", doc.get("components"));
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(ServiceWire.MAPPER.writeValueAsString(root), InputFormat.JSON);
    }

    static HttpResponse<String> send(String method, String path, String body, String token) throws Exception {
        HttpRequest.Builder rb = HttpRequest.newBuilder(URI.create(server.url() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) rb.header("Authorization", "Bearer " + token);
        return HTTP.send(rb.build(), HttpResponse.BodyHandlers.ofString());
    }
}
