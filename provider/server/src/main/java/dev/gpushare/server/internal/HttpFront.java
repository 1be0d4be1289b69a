package dev.gpushare.server.internal;

import dev.gpushare.server.ServiceCode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.gpushare.engine.backend.BackendException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The transport around {@link Api}: routing, bearer-token check (all but {@code /healthz}), the
 * body limit (413), refusals as JSON (4xx), and failures as 500/503 with a request id and no stack
 * trace (which goes to the log, with the same id). Every answer is counted in {@link Metrics}.
 */
public final class HttpFront implements HttpHandler {
    private final List<Route> routes;
    private final Tokens tokens;
    private final long bodyLimit;
    private final Metrics metrics;
    private final PrintStream log;
    private final String idPrefix;
    private final AtomicLong sequence = new AtomicLong();

    public HttpFront(List<Route> routes, Tokens tokens, long bodyLimitBytes, Metrics metrics, PrintStream log) {
        this.routes = List.copyOf(routes);
        this.tokens = tokens;
        this.bodyLimit = bodyLimitBytes;
        this.metrics = metrics;
        this.log = log;
        // request ids unique across restarts of a server without shared state: start time in base 36
        this.idPrefix = Long.toString(System.currentTimeMillis(), 36) + "-";
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        long start = System.nanoTime();
        String requestId = idPrefix + sequence.incrementAndGet();
        String label = "unmatched";
        Reply reply;
        try (ex) {
            try {
                List<String> segments = Route.split(ex.getRequestURI().getRawPath());
                Route route = null;
                Map<String, String> params = null;
                TreeSet<String> allowed = new TreeSet<>();
                for (Route r : routes) {
                    Map<String, String> p = r.match(segments);
                    if (p == null) continue;
                    allowed.add(r.method());
                    if (r.method().equals(ex.getRequestMethod()) && route == null) {
                        route = r;
                        params = p;
                    }
                }
                if (route != null) label = route.label();
                if (!"/healthz".equals(route == null ? null : route.template())
                        && !tokens.accepts(ex.getRequestHeaders().getFirst("Authorization"))) {
                    ex.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"gpushare\"");
                    throw ApiError.of(401, ServiceCode.UNAUTHORIZED, "send Authorization: Bearer <token> with a token from the"
                            + " server's --token-file (the client reads it from GPUSHARE_TOKEN)").refused();
                }
                if (route == null && allowed.isEmpty()) {
                    throw ApiError.of(404, ServiceCode.NOT_FOUND, "no such resource: " + ex.getRequestURI().getRawPath()
                            + "; see /v1/openapi.json for the API").refused();
                }
                if (route == null) {
                    ex.getResponseHeaders().set("Allow", String.join(", ", allowed));
                    throw ApiError.of(405, ServiceCode.METHOD_NOT_ALLOWED, ex.getRequestMethod() + " is not allowed here; use "
                            + String.join(" or ", allowed)).refused();
                }
                byte[] body = readBody(ex);
                reply = route.handler().handle(new Request(params, ex.getRequestHeaders().getFirst("Idempotency-Key"), body, requestId));
            } catch (ApiError.Refused refused) {
                ApiError e = refused.error;
                reply = Reply.json(e.status(), Api.error(e.status(), e.code(), e.message(), requestId, e.problems()));
            } catch (BackendException e) {
                // the store failed (database down, disk error): not the client's fault, retry later
                log.println("gpushare serve: request " + requestId + " " + label + ": store failure " + e.code() + ": " + e.getMessage());
                reply = Reply.json(503, Api.error(503, ServiceCode.STORE_UNAVAILABLE, "the server's store failed (" + e.code()
                        + "); retry later, or tell the operator request id " + requestId, requestId, List.of()));
            } catch (RuntimeException | Error e) {
                log.println("gpushare serve: request " + requestId + " " + label + " failed (a bug):");
                e.printStackTrace(log);
                reply = Reply.json(500, Api.error(500, ServiceCode.INTERNAL_ERROR, "the server failed on this request (a bug);"
                        + " tell the operator request id " + requestId, requestId, List.of()));
            }
            ex.getResponseHeaders().set("Content-Type", reply.contentType());
            ex.getResponseHeaders().set("X-Request-Id", requestId);
            boolean head = "HEAD".equals(ex.getRequestMethod());
            ex.sendResponseHeaders(reply.status(), head ? -1 : reply.body().length);
            if (!head) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(reply.body());
                }
            }
            metrics.request(label, reply.status(), System.nanoTime() - start);
        }
    }

    private byte[] readBody(HttpExchange ex) throws IOException {
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.strip()) > bodyLimit) throw tooLarge();
            } catch (NumberFormatException e) {
                throw ApiError.of(400, ServiceCode.BAD_CONTENT_LENGTH, "Content-Length is not a number").refused();
            }
        }
        // chunked bodies have no length: read at most one byte past the limit to tell
        try (InputStream in = ex.getRequestBody()) {
            byte[] body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, bodyLimit + 1));
            if (body.length > bodyLimit) throw tooLarge();
            return body;
        }
    }

    private ApiError.Refused tooLarge() {
        return ApiError.of(413, ServiceCode.BODY_TOO_LARGE, "the request body is over " + bodyLimit
                + " bytes; send a smaller spec or fewer actions per request").refused();
    }

    /** The routes' labels, for the OpenAPI agreement test. */
    public List<String> labels() {
        List<String> out = new ArrayList<>();
        for (Route r : routes) out.add(r.label());
        return out;
    }
}
