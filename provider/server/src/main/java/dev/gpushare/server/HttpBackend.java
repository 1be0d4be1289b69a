package dev.gpushare.server;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.server.internal.ServiceWire;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import javax.net.ssl.SSLContext;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client of the placement service: a {@link Backend} whose state lives behind {@code
 * http(s)://…}, so {@code gpushare plan/apply/status/destroy --backend https://…} work as with a
 * local file. Thread-safe.
 *
 * <p>Retries: a request that never reached the server (connection refused, connect timeout) is
 * retried for every operation; a request that may have reached it (timeout, reset, 502/503/504) is
 * retried only when repeating it is harmless: reads, deletes, declared-resource writes, and applies,
 * which carry an {@code Idempotency-Key} the server remembers. Failures are {@link
 * BackendException}s whose code says who is at fault: {@code BACKEND_NETWORK} (the network or a
 * server that is down), {@code BACKEND_SERVER} (5xx), {@code BACKEND_UNAUTHORIZED} (401/403),
 * {@code BACKEND_REJECTED} (other 4xx: the input), {@code UNKNOWN_INSTANCE}.
 */
public final class HttpBackend implements Backend {
    /** Environment variable holding the bearer token. */
    public static final String TOKEN_ENV = "GPUSHARE_TOKEN";
    /** Environment variable naming a PEM file of CA certificates to trust (a private CA, self-signed). */
    public static final String CA_ENV = "GPUSHARE_CA_FILE";

    /**
     * How the client talks to the server.
     *
     * @param connectTimeout per connection attempt
     * @param requestTimeout per request, from sending to the last byte of the answer
     * @param attempts       tries per request (≥ 1), with back-off 250 ms, 500 ms, 1 s, …
     * @param sslContext     for https; null for the JDK's default trust store
     */
    public record Options(Duration connectTimeout, Duration requestTimeout, int attempts, SSLContext sslContext) {
        public static Options defaults() {
            return new Options(Duration.ofSeconds(5), Duration.ofSeconds(60), 4, null);
        }

        public Options withAttempts(int n) {
            return new Options(connectTimeout, requestTimeout, n, sslContext);
        }

        public Options withSslContext(SSLContext ctx) {
            return new Options(connectTimeout, requestTimeout, attempts, ctx);
        }

        public Options withRequestTimeout(Duration d) {
            return new Options(connectTimeout, d, attempts, sslContext);
        }
    }

    private final URI base;
    private final String token;
    private final Options options;
    private final HttpClient client;

    private HttpBackend(URI base, String token, Options options) {
        this.base = base;
        this.token = token;
        this.options = options;
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(options.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER);
        if (options.sslContext() != null) b.sslContext(options.sslContext());
        this.client = b.build();
    }

    /**
     * Connects to {@code url} ({@code http(s)://HOST[:PORT][/PREFIX]}) with {@code token}. No
     * request is made until the first operation.
     */
    public static HttpBackend connect(String url, String token, Options options) {
        Objects.requireNonNull(options, "options");
        URI uri;
        try {
            uri = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        } catch (IllegalArgumentException e) {
            throw new BackendException(BackendCode.BACKEND_URL_INVALID, "backend URL " + Backends.redact(url) + " is not a URL: " + e.getMessage());
        }
        if (uri.getHost() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
            throw new BackendException(BackendCode.BACKEND_URL_INVALID, "backend URL " + Backends.redact(url) + " names no host; use e.g. https://gpushare.example.com");
        }
        if (token == null || token.isBlank()) {
            throw new BackendException(BackendCode.BACKEND_UNAUTHORIZED, "no token for " + Backends.redact(url) + "; set " + TOKEN_ENV
                    + " to a token from the server's --token-file");
        }
        String t = token.strip();
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            // what an HTTP header value may carry, and what a bearer token is made of (RFC 6750)
            if (c < 0x21 || c > 0x7E) {
                throw new BackendException(BackendCode.BACKEND_UNAUTHORIZED, TOKEN_ENV + " holds a "
                        + (c == '\n' || c == '\r' ? "line break" : c == ' ' || c == '\t' ? "space" : "character that cannot be sent")
                        + " at position " + (i + 1) + " of " + t.length() + "; set it to one token from the server's --token-file"
                        + " (e.g. export " + TOKEN_ENV + "=\"$(head -1 tokens)\")");
            }
        }
        return new HttpBackend(uri, t, options);
    }

    /** {@link #connect} with the token from {@code $GPUSHARE_TOKEN} and a CA from {@code $GPUSHARE_CA_FILE}. */
    public static HttpBackend fromEnvironment(String url) {
        return fromEnvironment(url, null);
    }

    /**
     * As {@link #fromEnvironment(String)}, with {@code token} in place of {@code GPUSHARE_TOKEN}
     * when it is not {@code null}.
     */
    public static HttpBackend fromEnvironment(String url, String token) {
        Options options = Options.defaults();
        String ca = System.getenv(CA_ENV);
        if (ca != null && !ca.isBlank()) {
            try {
                options = options.withSslContext(dev.gpushare.server.internal.Pem.trusting(java.nio.file.Path.of(ca)));
            } catch (IOException | java.security.GeneralSecurityException e) {
                throw new BackendException(BackendCode.BACKEND_URL_INVALID, "cannot read the CA certificates in " + CA_ENV + "=" + ca + ": " + e.getMessage(), e);
            }
        }
        return connect(url, token != null ? token : System.getenv(TOKEN_ENV), options);
    }

    @Override
    public Snapshot read(String cluster) {
        return ServiceWire.snapshot(send("GET", "/v1/clusters/" + seg(cluster) + "/state", null, null, true).body());
    }

    @Override
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
        return apply(cluster, expectedRevision, batch, UUID.randomUUID().toString());
    }

    /** {@link #apply(String, long, List)} with a chosen idempotency key (the same key → the same result). */
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch, String idempotencyKey) {
        ObjectNode body = ServiceWire.NODES.objectNode();
        body.put("expectedRevision", expectedRevision);
        body.set("actions", ServiceWire.actions(batch));
        Answer a = send("POST", "/v1/clusters/" + seg(cluster) + "/apply", body, idempotencyKey, true);
        if (a.status() == 400) return new BatchResult.Refused(cluster, problems(a.body()));
        if (a.status() == 409) {
            return new BatchResult.RevisionConflict(cluster, expectedRevision, a.body().get("currentRevision").asLong());
        }
        return new BatchResult.Committed(a.body().get("revision").asLong());
    }

    /**
     * Sends the spec the next batches converge to ({@code PUT /v1/clusters/{cluster}/spec}): the
     * service keeps it, and {@code serve --reconcile} keeps the cluster converged to it.
     */
    @Override
    public void declareSpec(String cluster, dev.gpushare.model.Spec spec) {
        send("PUT", "/v1/clusters/" + seg(cluster) + "/spec", dev.gpushare.model.io.SpecWriter.toTree(spec), null, true);
    }

    @Override
    public long markUnhealthy(String cluster, String instanceId, String reason) {
        ObjectNode body = ServiceWire.NODES.objectNode().put("reason", reason);
        // not repeatable (each call bumps the revision): retried only when it never reached the server
        return send("POST", "/v1/clusters/" + seg(cluster) + "/instances/" + seg(instanceId) + "/unhealthy", body, null, false)
                .body().get("revision").asLong();
    }

    @Override
    public List<String> clusters() {
        List<String> out = new ArrayList<>();
        for (JsonNode n : send("GET", "/v1/clusters", null, null, true).body().get("clusters").values()) out.add(n.asString());
        return out;
    }

    @Override
    public boolean destroy(String cluster) {
        return send("DELETE", "/v1/clusters/" + seg(cluster), null, null, true).body().get("destroyed").asBoolean();
    }

    @Override
    public Optional<DeclaredResources> declaredResources() {
        return Optional.of(new DeclaredResources() {
            @Override
            public SortedMap<String, ObjectNode> declared(String cluster) {
                SortedMap<String, ObjectNode> out = new TreeMap<>();
                JsonNode resources = send("GET", "/v1/clusters/" + seg(cluster) + "/declared", null, null, true).body().get("resources");
                for (Map.Entry<String, JsonNode> e : resources.properties()) {
                    if (!(e.getValue() instanceof ObjectNode fragment)) {
                        throw new BackendException(BackendCode.BACKEND_SERVER, "the gpushare server sent declared resource " + e.getKey()
                                + " as " + e.getValue().getNodeType() + ", not an object");
                    }
                    out.put(e.getKey(), fragment);
                }
                return out;
            }

            @Override
            public void declare(String cluster, String key, ObjectNode fragment) {
                send("PUT", "/v1/clusters/" + seg(cluster) + "/declared/" + key(key), fragment, null, true);
            }

            @Override
            public void undeclare(String cluster, String key) {
                send("DELETE", "/v1/clusters/" + seg(cluster) + "/declared/" + key(key), null, null, true);
            }
        });
    }

    @Override
    public String describe() {
        return Backends.redact(base.toString());
    }

    @Override
    public void close() {
        client.close();
    }

    private record Answer(int status, JsonNode body) {}

    private Answer send(String method, String path, JsonNode body, String idempotencyKey, boolean repeatable) {
        HttpRequest.Builder rb = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(options.requestTimeout())
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/json")
                .header("Accept-Encoding", "gzip"); // a large state comes compressed (the server keeps it so)
        if (idempotencyKey != null) rb.header("Idempotency-Key", idempotencyKey);
        if (body != null) {
            rb.header("Content-Type", "application/json");
            rb.method(method, HttpRequest.BodyPublishers.ofByteArray(ServiceWire.MAPPER.writeValueAsBytes(body)));
        } else {
            rb.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpRequest request = rb.build();
        String what = method + " " + describe() + path;
        BackendException last = null;
        for (int attempt = 1; attempt <= options.attempts(); attempt++) {
            if (attempt > 1) pause(attempt);
            HttpResponse<byte[]> response;
            try {
                response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (ConnectException | HttpConnectTimeoutException e) {
                // never reached the server: safe to repeat whatever it was
                last = new BackendException(BackendCode.BACKEND_NETWORK, "cannot reach the gpushare server at " + describe() + " ("
                        + describe(e) + "); check the URL, the network, and that `gpushare serve` runs there", e);
                continue;
            } catch (IOException e) {
                last = new BackendException(BackendCode.BACKEND_NETWORK, "the connection to " + describe() + " failed during " + what + " ("
                        + describe(e) + "); the server may have stopped; run the command again", e);
                if (repeatable) continue;
                throw last;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BackendException(BackendCode.BACKEND_NETWORK, "interrupted during " + what, e);
            }
            int status = response.statusCode();
            JsonNode json = parse(response, what);
            if (status == 200 || (status == 409 && json.has("currentRevision"))
                    || (status == 400 && "ACTIONS_REFUSED".equals(json.path("code").asString("")))) {
                return new Answer(status, json);
            }
            BackendException failure = failure(status, json, what);
            if ((status == 502 || status == 503 || status == 504) && repeatable) {
                last = failure;
                continue;
            }
            throw failure;
        }
        throw last;
    }

    /** The problems of a refusal, as the server listed them. */
    private static List<dev.gpushare.model.problem.Problem> problems(JsonNode body) {
        List<dev.gpushare.model.problem.Problem> out = new ArrayList<>();
        for (JsonNode p : body.path("problems").values()) {
            String code = p.path("code").asString("");
            ApplyCode known = java.util.Arrays.stream(ApplyCode.values()).filter(c -> c.name().equals(code)).findFirst()
                    .orElse(ApplyCode.ACTION_INCONSISTENT);
            String message = p.path("message").asString("");
            out.add(dev.gpushare.model.problem.Problem.at(p.path("path").asString(""), known,
                    known.name().equals(code) ? message : code + ": " + message));
        }
        return out;
    }

    private static JsonNode parse(HttpResponse<byte[]> response, String what) {
        try {
            JsonNode n = ServiceWire.MAPPER.readTree(decoded(response));
            if (n != null && n.isObject()) return n;
        } catch (JacksonException e) {
            // fall through: a proxy's HTML error page, for example
        }
        if (response.statusCode() >= 500) return ServiceWire.NODES.objectNode();
        throw new BackendException(BackendCode.BACKEND_SERVER, what + " answered " + response.statusCode()
                + " without a JSON body; is this URL a gpushare server (and not a proxy's page)?");
    }

    /** The body as sent before its Content-Encoding: gzip unpacked; an answer that is not gzip as it is. */
    private static byte[] decoded(HttpResponse<byte[]> response) {
        if (!response.headers().firstValue("Content-Encoding").map(e -> e.equalsIgnoreCase("gzip")).orElse(false)) {
            return response.body();
        }
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(response.body()))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new BackendException(BackendCode.BACKEND_SERVER, "the gzip-encoded answer of " + response.request().method() + " "
                    + response.request().uri().getPath() + " is corrupt (" + e.getMessage() + "); run the command again");
        }
    }

    private BackendException failure(int status, JsonNode json, String what) {
        String code = json.path("code").asString("");
        String message = json.path("message").asString("");
        String id = json.path("requestId").asString("");
        String detail = (code.isEmpty() ? "" : code + ": ") + message + (id.isEmpty() ? "" : " (request id " + id + ")");
        if (status == 403 && code.equals(ServiceCode.TOKEN_SCOPE.name())) {
            return new BackendException(BackendCode.BACKEND_UNAUTHORIZED, "the gpushare server at " + describe()
                    + " refused the request (403 " + code + "): " + message + "; set " + TOKEN_ENV + " to a full token");
        }
        if (status == 401 || status == 403) {
            return new BackendException(BackendCode.BACKEND_UNAUTHORIZED, "the gpushare server at " + describe() + " refused the token ("
                    + status + "); set " + TOKEN_ENV + " to a token from the server's --token-file");
        }
        if (status == 404 && code.equals(BackendCode.UNKNOWN_INSTANCE.name())) return new BackendException(BackendCode.UNKNOWN_INSTANCE, message);
        if (status >= 400 && status < 500) {
            StringBuilder sb = new StringBuilder("the gpushare server refused the request (" + status + ", the input's fault): " + detail);
            for (JsonNode p : json.path("problems").values()) {
                sb.append("\n  ").append(p.path("path").asString("")).append(' ').append(p.path("code").asString(""))
                        .append(": ").append(p.path("message").asString(""));
            }
            return new BackendException(BackendCode.BACKEND_REJECTED, sb.toString());
        }
        return new BackendException(BackendCode.BACKEND_SERVER, "the gpushare server failed on " + what + " (" + status
                + ", the server's fault): " + detail + "; retry later or tell its operator");
    }

    private static String describe(Exception e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(Math.min(4000L, 250L << (attempt - 2)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendException(BackendCode.BACKEND_NETWORK, "interrupted while retrying", e);
        }
    }

    private static String seg(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** {@code services/embedder} → {@code services/embedder} with each part encoded. */
    private static String key(String key) {
        int slash = key.indexOf('/');
        if (slash < 0) throw new IllegalArgumentException("declared resource key " + key + " must be <section>/<name>");
        return seg(key.substring(0, slash)) + "/" + seg(key.substring(slash + 1));
    }
}
