package dev.gpushare.bench.service;

import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.reconcile.Reconciler;
import dev.gpushare.server.HttpBackend;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * What a client of the service does: the server plans ({@code POST plan}), the client applies the
 * plan in the reconciler's batches ({@code POST apply} through the HTTP client backend).
 */
final class ServiceClient implements AutoCloseable {
    static final String TOKEN = "bench-token-0123456789abcdef";

    private final String url;
    private final HttpClient http;
    private final HttpBackend backend;

    ServiceClient(String url, HttpClient http) {
        this.url = url;
        this.http = http;
        this.backend = HttpBackend.connect(url, TOKEN, HttpBackend.Options.defaults().withRequestTimeout(Duration.ofSeconds(120)));
    }

    static HttpClient http() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    HttpRequest status(String cluster) {
        return HttpRequest.newBuilder(URI.create(url + "/v1/clusters/" + cluster + "/state"))
                .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(120)).GET().build();
    }

    /** As {@link #status}, taking gzip as curl --compressed, Python's requests and Go's net/http do by default. */
    HttpRequest statusGzip(String cluster) {
        return HttpRequest.newBuilder(URI.create(url + "/v1/clusters/" + cluster + "/state"))
                .header("Authorization", "Bearer " + TOKEN).header("Accept-Encoding", "gzip")
                .timeout(Duration.ofSeconds(120)).GET().build();
    }

    /** {@code op} (status, status-gzip or plan) as {@link #status}, {@link #statusGzip} or {@link #plan} send it, on a {@link SocketClient}. */
    ClosedLoop.Caller socket(String op, String cluster, String specJson) {
        java.util.Map<String, String> headers = new java.util.LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + TOKEN);
        if (op.equals("status-gzip")) headers.put("Accept-Encoding", "gzip");
        if (op.equals("plan")) headers.put("Content-Type", "application/json");
        String path = "/v1/clusters/" + cluster + (op.equals("plan") ? "/plan" : "/state");
        byte[] body = op.equals("plan") ? specJson.getBytes(java.nio.charset.StandardCharsets.UTF_8) : new byte[0];
        return () -> new SocketClient(url, op.equals("plan") ? "POST" : "GET", path, headers, body);
    }

    HttpRequest plan(String cluster, String specJson) {
        return HttpRequest.newBuilder(URI.create(url + "/v1/clusters/" + cluster + "/plan"))
                .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(120)).POST(HttpRequest.BodyPublishers.ofString(specJson)).build();
    }

    /** Plans on the server and applies; the number of actions applied. */
    int converge(String cluster, String specJson) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(plan(cluster, specJson), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IOException("plan of " + cluster + " answered " + r.statusCode() + ": " + r.body());
        Plan plan = PlanJson.fromJson(r.body());
        ApplyOutcome outcome = Reconciler.apply(backend, plan, ApplyListener.NONE);
        if (!(outcome instanceof ApplyOutcome.Applied a)) throw new IOException("apply of " + cluster + ": " + outcome);
        return a.actions();
    }

    void destroy(String cluster) {
        backend.destroy(cluster);
    }

    @Override
    public void close() {
        backend.close();
    }
}
