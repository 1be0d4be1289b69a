package dev.gpushare.server.internal;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.server.ServiceCode;
import dev.gpushare.server.internal.http.AcceptEncoding;
import dev.gpushare.server.internal.http.Handler;
import dev.gpushare.server.internal.http.ProtocolError;
import dev.gpushare.server.internal.http.RequestHead;
import dev.gpushare.server.internal.http.Response;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The API as the HTTP transport sees it: routing ({@code HEAD} as {@code GET}), the bearer-token
 * check (all but {@code /healthz}) and the body limit before any of the body is read, refusals as
 * JSON (4xx), failures as 500/503 with a request id and no stack trace (which goes to the log,
 * with the same id). Every answer is counted in {@link Metrics}.
 */
public final class HttpFront implements Handler {
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

    /**
     * The route a request names, with its parameters; when none takes its method, {@code path}: its segments, for
     * {@link #allowed} (computed only then: a matched request allocates its parameters and nothing else).
     */
    private record Match(Route route, Map<String, String> params, List<String> path) {
        String label() {
            return route == null ? "unmatched" : route.label();
        }
    }

    private Match match(RequestHead head) {
        List<String> segments = Route.split(head.path());
        String method = head.method().equals("HEAD") ? "GET" : head.method();
        for (Route r : routes) {
            if (r.method().equals(method) && r.matches(segments)) return new Match(r, r.match(segments), segments);
        }
        return new Match(null, null, segments);
    }

    /** The methods the path of an unmatched request takes ({@code HEAD} with {@code GET}), sorted; empty: no such resource. */
    private TreeSet<String> allowed(Match m) {
        TreeSet<String> allowed = new TreeSet<>();
        for (Route r : routes) {
            if (!r.matches(m.path())) continue;
            allowed.add(r.method());
            if (r.method().equals("GET")) allowed.add("HEAD");
        }
        return allowed;
    }

    @Override
    public Response head(RequestHead head) {
        long start = System.nanoTime();
        Match m = match(head);
        String id = null;
        Response r;
        Tokens.Scope scope = isHealth(m) ? null : tokens.scope(head.headers().first("Authorization"));
        if (!isHealth(m) && scope == null) {
            id = nextId();
            r = refusal(401, ServiceCode.UNAUTHORIZED, "send Authorization: Bearer <token> with a token from the server's"
                    + " --token-file (the client reads it from GPUSHARE_TOKEN)", id)
                    .withHeader("WWW-Authenticate", "Bearer realm=\"gpushare\"");
        } else if (scope instanceof Tokens.Scope.Agent agent && (m.route() == null
                || !agent.permits(head.method(), m.route().template(), m.params()))) {
            id = nextId();
            r = refusal(403, ServiceCode.TOKEN_SCOPE, "this token is the agent token of instance " + agent.instance()
                    + " of cluster " + agent.cluster() + ": it may only POST /v1/clusters/" + agent.cluster() + "/instances/"
                    + agent.instance() + "/report; use a full token for anything else", id);
        } else if (m.route() == null) {
            id = nextId();
            TreeSet<String> allowed = allowed(m);
            r = allowed.isEmpty()
                    ? refusal(404, ServiceCode.NOT_FOUND, "no such resource: " + safe(head.path()) + "; see /v1/openapi.json for the API", id)
                    : refusal(405, ServiceCode.METHOD_NOT_ALLOWED, head.method() + " is not allowed here; use "
                            + String.join(" or ", allowed), id).withHeader("Allow", String.join(", ", allowed));
        } else if (head.length() > bodyLimit) {
            id = nextId();
            r = tooLarge(id);
        } else {
            return null;
        }
        metrics.request(m.label(), r.status(), System.nanoTime() - start);
        return r;
    }

    @Override
    public boolean inline(RequestHead head) {
        return isHealth(match(head));
    }

    /**
     * The reply as written: a kept answer's gzip encoding when the client's {@code Accept-Encoding} takes it
     * ({@code Content-Encoding: gzip}), else its bytes as they are, both from the kept buffers; {@code Vary:
     * Accept-Encoding} on every answer that has both forms, so that a cache in between keeps them apart.
     */
    private static Response encoded(Reply reply, RequestHead head, String requestId) {
        Map<String, String> headers = Map.of("X-Request-Id", requestId);
        if (reply.kept() == null) return new Response(reply.status(), reply.contentType(), reply.body(), headers, false);
        Response r = new Response(reply.status(), reply.contentType(), reply.kept().identity(), headers, false)
                .withHeader("Vary", "Accept-Encoding");
        if (!AcceptEncoding.gzip(head.headers().all("Accept-Encoding"))) return r;
        return new Response(r.status(), r.contentType(), reply.kept().gzip(), r.headers(), false)
                .withHeader("Content-Encoding", "gzip");
    }

    private static boolean isHealth(Match m) {
        return m.route() != null && m.route().template().equals("/healthz");
    }

    @Override
    public Response handle(RequestHead head, byte[] body) {
        long start = System.nanoTime();
        String requestId = nextId();
        Match m = match(head);
        Response r;
        try {
            Reply reply = m.route().handler().handle(new Request(m.params(), head.headers().first("Idempotency-Key"), body,
                    requestId));
            r = encoded(reply, head, requestId);
            if (reply.status() == 503) r = r.withHeader("Retry-After", "2");
        } catch (ApiError.Refused refused) {
            ApiError e = refused.error;
            r = new Response(e.status(), "application/json", Reply.json(e.status(), Api.error(e.status(), e.code(), e.message(),
                    requestId, e.problems())).body(), Map.of("X-Request-Id", requestId), false);
            if (e.status() == 503) r = r.withHeader("Retry-After", "2");
        } catch (BackendException e) {
            // the store failed (database down, disk error): not the client's fault, retry later
            log.println("gpushare serve: request " + requestId + " " + m.label() + ": store failure " + e.code() + ": " + e.getMessage());
            r = refusal(503, ServiceCode.STORE_UNAVAILABLE, "the server's store failed (" + e.code()
                    + "); retry later, or tell the operator request id " + requestId, requestId).withHeader("Retry-After", "2");
        } catch (CancellationException e) {
            // the client left (or the plan timed out): the answer goes nowhere, or is the 503 of the timeout
            r = refusal(503, ServiceCode.SERVER_BUSY, "the request was cancelled before it finished", requestId);
        } catch (RuntimeException | Error e) {
            log.println("gpushare serve: request " + requestId + " " + m.label() + " failed (a bug):");
            e.printStackTrace(log);
            r = refusal(500, ServiceCode.INTERNAL_ERROR, "the server failed on this request (a bug); tell the operator"
                    + " request id " + requestId, requestId);
        }
        metrics.request(m.label(), r.status(), System.nanoTime() - start);
        return r;
    }

    @Override
    public Response protocolError(ProtocolError e) {
        String id = nextId();
        ServiceCode code = switch (e.code) {
            case "BAD_CONTENT_LENGTH" -> ServiceCode.BAD_CONTENT_LENGTH;
            case "HEADERS_TOO_LARGE" -> ServiceCode.HEADERS_TOO_LARGE;
            case "INTERNAL_ERROR" -> ServiceCode.INTERNAL_ERROR;
            default -> ServiceCode.MALFORMED_REQUEST;
        };
        metrics.request("unmatched", e.status, 0);
        return refusal(e.status, code, e.getMessage(), id);
    }

    @Override
    public Response tooLarge() {
        Response r = tooLarge(nextId());
        metrics.request("unmatched", 413, 0);
        return r;
    }

    private Response tooLarge(String id) {
        return refusal(413, ServiceCode.BODY_TOO_LARGE, "the request body is over " + bodyLimit
                + " bytes; send a smaller spec or fewer actions per request", id);
    }

    @Override
    public Response unavailable(String message) {
        metrics.request("unmatched", 503, 0);
        return refusal(503, ServiceCode.SERVER_BUSY, message, nextId()).withHeader("Retry-After", "2");
    }

    private Response refusal(int status, ServiceCode code, String message, String requestId) {
        byte[] body = Reply.json(status, Api.error(status, code, message, requestId, List.of())).body();
        Map<String, String> headers = new TreeMap<>();
        headers.put("X-Request-Id", requestId);
        return new Response(status, "application/json", body, headers, false);
    }

    private String nextId() {
        return idPrefix + sequence.incrementAndGet();
    }

    /** A path from the request, cut and made printable for a message. */
    private static String safe(String path) {
        String p = path.length() > 200 ? path.substring(0, 200) + "…" : path;
        return dev.gpushare.model.io.Printable.line(p);
    }

    /** The routes' labels, for the OpenAPI agreement test. */
    public List<String> labels() {
        List<String> out = new ArrayList<>();
        for (Route r : routes) out.add(r.label());
        return out;
    }
}
