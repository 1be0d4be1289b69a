package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.server.internal.ServiceWire;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** What the server answers to requests it refuses: status, stable code, and never a stack trace. */
class HttpRefusalsTest {
    /** Small, so that a spec just over it is cheap to send. */
    static final int LIMIT = 4096;

    @TempDir static Path dir;
    static PlacementServer server;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        server = PlacementServer.start(ServerConfig.loopback("file:" + dir.resolve("state.db"), TestServers.TOKEN)
                .withBodyLimit(LIMIT), TestServers.quiet());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Stream<Arguments> refusals() {
        String validSpec = ServiceWire.MAPPER.writeValueAsString(dev.gpushare.model.io.SpecWriter.toTree(Specs.spec("team-a", 1, 1, 1)));
        // a small body asking for 60,000 copies: over the service's limit (50,000), refused before placement starts
        String hugeSpec = ServiceWire.MAPPER.writeValueAsString(dev.gpushare.model.io.SpecWriter.toTree(Specs.spec("team-a", 1, 1, 60_000)));
        return Stream.of(
                // method, path, token?, body, expected status, expected code
                Arguments.of("GET", "/v1/clusters", false, null, 401, "UNAUTHORIZED"),
                Arguments.of("GET", "/no/such/path", false, null, 401, "UNAUTHORIZED"),
                Arguments.of("GET", "/no/such/path", true, null, 404, "NOT_FOUND"),
                Arguments.of("PATCH", "/v1/clusters/team-a/state", true, null, 405, "METHOD_NOT_ALLOWED"),
                Arguments.of("GET", "/v1/clusters/Team_A/state", true, null, 400, "INVALID_CLUSTER"),
                Arguments.of("POST", "/v1/clusters/team-a/plan", true, "{\"cluster\": ", 400, "MALFORMED_JSON"),
                Arguments.of("POST", "/v1/clusters/team-a/plan", true, "[1, 2]", 400, "MALFORMED_JSON"),
                Arguments.of("POST", "/v1/clusters/team-a/plan", true, "{\"apiVersion\": \"gpushare.dev/v1\", \"cluster\": \"team-a\","
                        + " \"services\": [{\"name\": \"x\"}]}", 400, "INVALID_SPEC"),
                Arguments.of("POST", "/v1/clusters/team-b/plan", true, validSpec, 400, "CLUSTER_MISMATCH"),
                Arguments.of("POST", "/v1/clusters/team-a/plan", true, hugeSpec, 400, "SPEC_TOO_LARGE"),
                Arguments.of("POST", "/v1/clusters/team-a/apply", true, "{\"actions\": []}", 400, "INVALID_APPLY"),
                Arguments.of("POST", "/v1/clusters/team-a/apply", true, "{\"expectedRevision\": 0, \"actions\": [{\"kind\": \"explode\"}]}",
                        400, "INVALID_APPLY"),
                Arguments.of("POST", "/v1/clusters/team-a/apply", true, "{\"expectedRevision\": 0, \"actions\": [{\"kind\": \"placeCopy\","
                        + " \"task\": \"a/0\", \"to\": [{\"gpu\": \"zero\"}]}]}", 400, "INVALID_APPLY"),
                Arguments.of("POST", "/v1/clusters/team-a/instances/i-1/unhealthy", true, "{}", 404, "UNKNOWN_INSTANCE"),
                Arguments.of("PUT", "/v1/clusters/team-a/declared/widgets/x", true, "{}", 400, "UNKNOWN_SECTION"),
                Arguments.of("POST", "/v1/clusters/team-a/plan", true, "{\"pad\": \"" + "x".repeat(LIMIT) + "\"}", 413, "BODY_TOO_LARGE"));
    }

    @ParameterizedTest(name = "{0} {1} → {4} {5}")
    @MethodSource("refusals")
    void refusedWithAStableCodeAndNoStackTrace(String method, String path, boolean token, String body, int status, String code)
            throws Exception {
        HttpRequest.Builder rb = HttpRequest.newBuilder(URI.create(server.url() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token) rb.header("Authorization", "Bearer " + TestServers.TOKEN);
        HttpResponse<String> r = HTTP.send(rb.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(status);
        JsonNode json = ServiceWire.MAPPER.readTree(r.body());
        assertThat(json.get("code").asString()).isEqualTo(code);
        assertThat(json.get("requestId").asString()).isEqualTo(r.headers().firstValue("X-Request-Id").orElseThrow());
        assertThat(r.body()).doesNotContain("Exception", "\tat ", "at dev.gpushare");
        if (code.equals("INVALID_SPEC")) {
            assertThat(json.get("problems").values()).isNotEmpty()
                    .allSatisfy(p -> assertThat(p.get("code").asString()).matches("[A-Z0-9_]+"));
        }
    }

    static Stream<Arguments> wrongMethods() {
        return Stream.of(
                // method, path, the Allow header of the 405 (HEAD with every GET)
                Arguments.of("PATCH", "/v1/clusters/team-a/state", "GET, HEAD"),
                Arguments.of("POST", "/v1/clusters/team-a/state", "GET, HEAD"),
                Arguments.of("DELETE", "/v1/clusters/team-a/spec", "GET, HEAD, PUT"),
                Arguments.of("GET", "/v1/clusters/team-a", "DELETE"),
                Arguments.of("GET", "/v1/clusters/team-a/declared/services/web", "DELETE, PUT"),
                Arguments.of("GET", "/v1/clusters/team-a/plan", "POST"),
                Arguments.of("POST", "/healthz", "GET, HEAD"));
    }

    @ParameterizedTest(name = "{0} {1} → 405, Allow: {2}")
    @MethodSource("wrongMethods")
    void aWrongMethodIs405WithTheMethodsThePathTakes(String method, String path, String allow) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + path))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .header("Authorization", "Bearer " + TestServers.TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(405);
        assertThat(r.headers().allValues("Allow")).containsExactly(allow);
        JsonNode json = ServiceWire.MAPPER.readTree(r.body());
        assertThat(json.get("code").asString()).isEqualTo("METHOD_NOT_ALLOWED");
        assertThat(json.get("message").asString()).isEqualTo(method + " is not allowed here; use " + allow.replace(", ", " or "));
    }

    @Test
    void aChunkedBodyOverTheLimitIs413Too() throws Exception {
        byte[] big = ("{\"pad\": \"" + "x".repeat(LIMIT * 2) + "\"}").getBytes(StandardCharsets.UTF_8);
        // an input-stream publisher has no length: the body is sent chunked, without Content-Length
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + "/v1/clusters/team-a/plan"))
                .header("Authorization", "Bearer " + TestServers.TOKEN)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build();
        HttpResponse<String> r = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(413);
    }

    @Test
    void healthzNeedsNoTokenAndEverythingElseDoes() throws Exception {
        HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + "/healthz")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(200);
        for (String path : List.of("/readyz", "/metrics", "/v1/openapi.json", "/v1/clusters")) {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + path))
                    .header("Authorization", "Bearer wrong-token-0123456789").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(path).isEqualTo(401);
            assertThat(r.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"gpushare\"");
        }
    }

    @Test
    void metricsCountRequestsByRouteAndStatus() throws Exception {
        HttpRequest state = HttpRequest.newBuilder(URI.create(server.url() + "/v1/clusters/team-m/state"))
                .header("Authorization", "Bearer " + TestServers.TOKEN).build();
        for (int i = 0; i < 3; i++) HTTP.send(state, HttpResponse.BodyHandlers.ofString());
        // 3 copies of 8192 MiB fit on the one g6.12xlarge (4 L4 × 2 each): none unplaced
        String spec = ServiceWire.MAPPER.writeValueAsString(dev.gpushare.model.io.SpecWriter.toTree(Specs.spec("team-m", 1, 1, 3)));
        HttpResponse<String> plan = HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + "/v1/clusters/team-m/plan"))
                .header("Authorization", "Bearer " + TestServers.TOKEN).POST(HttpRequest.BodyPublishers.ofString(spec)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(plan.statusCode()).isEqualTo(200);
        String before = metrics();
        assertThat(before)
                .contains("gpushare_http_requests_total{route=\"GET /v1/clusters/{cluster}/state\",status=\"200\"} 3")
                .contains("gpushare_http_request_duration_seconds_count{route=\"GET /v1/clusters/{cluster}/state\",status=\"200\"} 3")
                // team-m was read and planned but never written: no series of its own
                .doesNotContain("cluster=\"team-m\"");
        try (dev.gpushare.engine.Gpushare gs = dev.gpushare.engine.Gpushare.using(TestServers.client(server))) {
            gs.apply(gs.plan(Specs.spec("team-m", 1, 1, 3)));
        }
        HTTP.send(plan.request(), HttpResponse.BodyHandlers.ofString());
        HTTP.send(state, HttpResponse.BodyHandlers.ofString());
        // 3 copies × 8192 MiB = 24576 MiB held
        assertThat(metrics())
                .contains("gpushare_gpu_memory_allocated_mib{cluster=\"team-m\"} 24576")
                .contains("gpushare_unplaced_copies{cluster=\"team-m\"} 0")
                .contains("gpushare_placements_total{cluster=\"team-m\"} 3");
    }

    private static String metrics() throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + "/metrics"))
                .header("Authorization", "Bearer " + TestServers.TOKEN).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
