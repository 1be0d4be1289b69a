package dev.gpushare.server.internal;

import dev.gpushare.model.problem.ProblemCode;
import dev.gpushare.server.ServiceCode;
import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.converge.Converger;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Replan;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.validate.SpecLimits;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecReader;
import dev.gpushare.server.ServiceLimits;
import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.ProblemJson;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The operations of the API ({@code /v1/…}) over a {@link Store}: what each route reads, checks
 * and answers. Transport concerns (auth, limits, errors, metrics) are {@link HttpFront}'s.
 */
public final class Api {
    /** Cluster names as the spec's schema allows them. */
    static final Pattern CLUSTER = Pattern.compile("^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$");
    /** Instance ids and resource names: the spec's name rule, with room for generated suffixes. */
    static final Pattern NAME = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$");
    /** The sections of a spec a declared resource can belong to. */
    static final List<String> SECTIONS = List.of("capacityProviders", "instanceTypes", "taskDefinitions", "services",
            "endpoints", "inferenceComponents");

    private final Store store;
    private final Metrics metrics;
    private final byte[] openapi;
    /** The last state answered per cluster, as JSON: only clusters with state, at most {@value #RENDERED} of them. */
    private final BoundedCache<String, Rendered> rendered = new BoundedCache<>(RENDERED);
    static final int RENDERED = 256;

    /**
     * The engine's one loop over the store: plans go through it, and it keeps, per cluster, the spec
     * and state a plan found already converged (an empty plan): a plan of the same cluster while
     * nothing changed under it follows the change from it (placement and diff read only what
     * changed) with the same answer, byte for byte. The service cannot tell when a client has
     * applied every batch of a plan, so only empty plans and the repair loop's own applies record
     * one; any write or health mark sends the next plan down the full path. At most
     * {@value #BASELINES} clusters.
     */
    private final Converger converger;
    public static final int BASELINES = 64;
    /** Per cluster, the last plan's desired state as JSON: an unchanged cluster's plan writes bytes it already has. */
    private final PlanAnswers planAnswers = new PlanAnswers();
    /** Per cluster, the last valid document planned and its checked spec: the same document is not checked again. */
    private final CheckedSpecs checkedSpecs = new CheckedSpecs();

    private final ServiceLimits limits;
    private final SpecLimits specLimits;
    /** Plans computed at once: each holds a CPU and the memory of its fleet. */
    private final Semaphore planSlots;

    public Api(Store store, Metrics metrics, byte[] openapi, ServiceLimits limits) {
        this(store, new Converger(new StoreBackend(store), BASELINES, Converger.DEFAULT_ATTEMPTS), metrics, openapi, limits);
    }

    public Api(Store store, Converger converger, Metrics metrics, byte[] openapi, ServiceLimits limits) {
        this.converger = converger;
        this.store = store;
        this.metrics = metrics;
        this.openapi = openapi;
        this.limits = limits;
        this.specLimits = new SpecLimits(limits.maxCopies(), limits.maxInstances());
        this.planSlots = new Semaphore(limits.maxConcurrentPlans(), true);
    }

    /** Entries kept per cluster: rendered states (at most {@value #RENDERED}), baselines (at most {@value #BASELINES}), plans' desired states (at most {@value PlanAnswers#BUDGET_MIB} MiB), planned documents (at most {@value CheckedSpecs#CLUSTERS}), the store's. */
    public int cachedClusters() {
        return rendered.size() + converger.size() + planAnswers.size() + checkedSpecs.size() + store.cachedClusters();
    }

    /** Every route, in the order the OpenAPI document lists them. */
    public List<Route> routes() {
        return List.of(
                new Route("GET", "/healthz", r -> Reply.json(200, ServiceWire.NODES.objectNode().put("status", "ok"))),
                new Route("GET", "/readyz", this::ready),
                new Route("GET", "/metrics", r -> Reply.text(200, metrics.contentType(), metrics.render())),
                new Route("GET", "/v1/openapi.json", r -> new Reply(200, "application/json", openapi)),
                new Route("GET", "/v1/clusters", this::clusters),
                new Route("DELETE", "/v1/clusters/{cluster}", this::destroy),
                new Route("GET", "/v1/clusters/{cluster}/state", this::state),
                new Route("POST", "/v1/clusters/{cluster}/plan", this::plan),
                new Route("POST", "/v1/clusters/{cluster}/apply", this::apply),
                new Route("POST", "/v1/clusters/{cluster}/instances/{instance}/unhealthy", this::unhealthy),
                new Route("POST", "/v1/clusters/{cluster}/instances/{instance}/report", this::report),
                new Route("GET", "/v1/clusters/{cluster}/spec", this::spec),
                new Route("PUT", "/v1/clusters/{cluster}/spec", this::declareSpec),
                new Route("GET", "/v1/clusters/{cluster}/declared", this::declared),
                new Route("PUT", "/v1/clusters/{cluster}/declared/{section}/{name}", this::declare),
                new Route("DELETE", "/v1/clusters/{cluster}/declared/{section}/{name}", this::undeclare));
    }

    private Reply ready(Request r) {
        boolean ok = store.ready();
        ObjectNode n = ServiceWire.NODES.objectNode().put("status", ok ? "ready" : "store unreachable");
        return Reply.json(ok ? 200 : 503, n);
    }

    private Reply clusters(Request r) {
        ObjectNode n = ServiceWire.NODES.objectNode();
        ArrayNode a = n.putArray("clusters");
        store.clusters().forEach(a::add);
        return Reply.json(200, n);
    }

    private Reply state(Request r) {
        String cluster = cluster(r);
        Snapshot s = store.read(cluster);
        // a store that answers the same snapshot object for an unchanged cluster gets its bytes reused
        Rendered last = rendered.get(cluster);
        if (last != null && last.snapshot() == s) return Reply.kept(200, "application/json", last.answer());
        Reply reply = Reply.json(200, ServiceWire.snapshot(s));
        // nothing is kept or counted for a cluster that was never written (any name can be asked for)
        if (s.revision() > 0) {
            metrics.observed(s.state());
            Rendered kept = new Rendered(s, new KeptAnswer(reply.body()));
            rendered.put(cluster, kept);
            return Reply.kept(200, "application/json", kept.answer());
        }
        return reply;
    }

    /** A state's JSON, kept (and gzip-encoded on first demand) until the cluster changes. */
    private record Rendered(Snapshot snapshot, KeptAnswer answer) {}

    private Reply destroy(Request r) {
        String cluster = cluster(r);
        boolean destroyed = store.destroy(cluster);
        rendered.remove(cluster);
        planAnswers.forget(cluster);
        checkedSpecs.forget(cluster);
        converger.forget(cluster);
        metrics.forget(cluster);
        return Reply.json(200, ServiceWire.NODES.objectNode().put("cluster", cluster).put("destroyed", destroyed));
    }

    private Reply plan(Request r) {
        String cluster = cluster(r);
        ResolvedSpec kept = checkedSpecs.get(cluster, r.body());
        ResolvedSpec resolved = kept != null ? kept : check(r);
        Spec spec = resolved.spec();
        // the work a request may ask for is bounded before any placement starts
        List<Problem> size = specLimits.check(spec);
        if (!size.isEmpty()) {
            throw new ApiError(400, ServiceCode.SPEC_TOO_LARGE, size.getFirst().message() + " (this server's limit; see"
                    + " --max-copies and --max-instances of gpushare serve)", size).refused();
        }
        if (!spec.cluster().equals(cluster)) {
            throw new ApiError(400, ServiceCode.CLUSTER_MISMATCH, "the spec declares cluster " + spec.cluster()
                    + " but was sent to cluster " + cluster + "; send it to /v1/clusters/" + spec.cluster() + "/plan",
                    List.of(Problem.at("/cluster", ServiceCode.CLUSTER_MISMATCH, "expected " + cluster))).refused();
        }
        Snapshot actual = store.read(cluster);
        if (kept == null && actual.revision() > 0) checkedSpecs.put(cluster, r.body(), resolved);
        // the turn is held until the answer is bytes: a plan's tree and text are as large as the plan
        // itself, so releasing it after placing would let the next plans start beside them
        acquirePlanSlot();
        try {
            Replan replan = converger.plan(resolved, actual);
            metrics.planPath(replan.changeSetPath());
            Plan plan = replan.plan();
            if (actual.revision() > 0) {
                metrics.planned(cluster, plan.desired().unplaced().size());
                metrics.observed(actual.state());
            }
            // nothing is kept for a cluster that was never written (any name can be planned)
            return new Reply(200, "application/json", planAnswers.json(plan, actual.revision() > 0 ? actual.state() : null));
        } finally {
            planSlots.release();
        }
    }

    /** A plan's document parsed, checked and resolved, or 400 with every problem. */
    private ResolvedSpec check(Request r) {
        var notUtf8 = SpecReader.notUtf8("request.json", r.body());
        if (notUtf8.isPresent()) {
            throw new ApiError(400, ServiceCode.INVALID_SPEC, "the spec is not UTF-8 text; send it as UTF-8 JSON",
                    List.of(notUtf8.get())).refused();
        }
        String text = new String(r.body(), StandardCharsets.UTF_8);
        object(r.body()); // a JSON object, or 400 MALFORMED_JSON before the spec reader sees it
        return switch (Pipeline.check("request.json", text)) {
            case Checked.Valid v -> v.spec();
            case Checked.Invalid i -> throw new ApiError(400, ServiceCode.INVALID_SPEC, "the spec has " + i.problems().size()
                    + " problem(s); fix them (see problems) and send it again", i.problems()).refused();
        };
    }

    /** A turn to compute a plan, within the wait the limits allow; else 503 (retry). */
    private void acquirePlanSlot() {
        boolean got;
        try {
            got = planSlots.tryAcquire(limits.planWait().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("the client left while its plan waited");
        }
        if (!got) {
            throw ApiError.of(503, ServiceCode.SERVER_BUSY, limits.maxConcurrentPlans() + " plans are being computed and"
                    + " this one waited " + limits.planWait().toSeconds() + " s for its turn; retry in a few seconds").refused();
        }
    }

    private Reply apply(Request r) {
        String cluster = cluster(r);
        JsonNode body = object(r.body());
        JsonNode expected = body.get("expectedRevision");
        if (expected == null || !expected.canConvertToLong() || !expected.isIntegralNumber() || expected.asLong() < 0) {
            throw ApiError.of(400, ServiceCode.INVALID_APPLY, "'expectedRevision' must be the revision the actions were planned"
                    + " against (an integer ≥ 0, the plan's \"revision\")").refused();
        }
        List<Action> actions;
        try {
            actions = ServiceWire.actions(body.get("actions"));
        } catch (IllegalArgumentException e) {
            throw ApiError.of(400, ServiceCode.INVALID_APPLY, e.getMessage()).refused();
        }
        String key = r.idempotencyKey();
        if (key != null && (key.isEmpty() || key.length() > 128)) {
            throw ApiError.of(400, ServiceCode.INVALID_IDEMPOTENCY_KEY, "Idempotency-Key must be 1 to 128 characters (e.g. a UUID)").refused();
        }
        BatchResult result = store.apply(cluster, expected.asLong(), actions, key);
        return switch (result) {
            case BatchResult.Committed c -> {
                long placed = actions.stream().filter(a -> a instanceof Action.PlaceCopy || a instanceof Action.MoveCopy).count();
                metrics.placed(cluster, placed);
                yield Reply.json(200, ServiceWire.NODES.objectNode().put("cluster", cluster).put("revision", c.revision()));
            }
            case BatchResult.RevisionConflict c -> {
                ObjectNode n = error(409, ServiceCode.REVISION_CONFLICT, c.message(), r.requestId(), List.of());
                n.put("expectedRevision", c.expectedRevision());
                n.put("currentRevision", c.currentRevision());
                yield Reply.json(409, n);
            }
            // the engine's apply-time check: a forged or stale batch, refused whole, nothing written
            case BatchResult.Refused refused -> Reply.json(400, error(400, ServiceCode.ACTIONS_REFUSED, refused.message(),
                    r.requestId(), refused.problems()));
        };
    }

    private Reply unhealthy(Request r) {
        String cluster = cluster(r);
        String instance = name(r, "instance");
        JsonNode body = r.body().length == 0 ? ServiceWire.NODES.objectNode() : object(r.body());
        JsonNode reason = body.get("reason");
        if (reason != null && !reason.isString()) {
            throw ApiError.of(400, ServiceCode.INVALID_REASON, "'reason' must be a string such as mps-daemon-unresponsive").refused();
        }
        String why = reason == null || reason.asString().isBlank() ? "marked unhealthy" : reason.asString();
        try {
            long revision = store.markUnhealthy(cluster, instance, why);
            return Reply.json(200, ServiceWire.NODES.objectNode().put("cluster", cluster).put("revision", revision));
        } catch (BackendException e) {
            if (e.code() == BackendCode.UNKNOWN_INSTANCE) throw ApiError.of(404, BackendCode.UNKNOWN_INSTANCE, e.getMessage()).refused();
            throw e;
        }
    }

    /**
     * An agent's report ({@code gpushare agent}): a heartbeat, and the instance's health as the
     * agent sees it. Unhealthy marks the instance (reason prefixed {@value AgentReports#PREFIX});
     * healthy clears a mark the agent made, and no other.
     */
    private Reply report(Request r) {
        String cluster = cluster(r);
        String instance = name(r, "instance");
        JsonNode body = object(r.body());
        AgentReports.Report report;
        try {
            report = AgentReports.read(body);
        } catch (IllegalArgumentException e) {
            throw ApiError.of(400, ServiceCode.INVALID_REPORT, e.getMessage()).refused();
        }
        try {
            store.heartbeat(cluster, instance, java.time.Instant.now());
            Snapshot s = store.read(cluster);
            var current = s.state().instances().stream().filter(i -> i.id().toString().equals(instance)).findFirst().orElseThrow();
            long revision = s.revision();
            String action = "none";
            if (!report.healthy() && current.healthy()) {
                revision = store.markUnhealthy(cluster, instance, AgentReports.PREFIX + report.reason());
                action = "marked";
            } else if (report.healthy() && !current.healthy()) {
                long cleared = store.clearUnhealthy(cluster, instance, AgentReports.PREFIX);
                if (cleared >= 0) {
                    revision = cleared;
                    action = "cleared";
                } else {
                    action = "kept"; // marked by a person or the service: only they clear it
                }
            }
            ObjectNode n = ServiceWire.NODES.objectNode().put("cluster", cluster).put("instance", instance).put("revision", revision)
                    .put("healthy", switch (action) {
                        case "marked" -> false;
                        case "cleared" -> true;
                        default -> current.healthy();
                    }).put("change", action);
            return Reply.json(200, n);
        } catch (BackendException e) {
            if (e.code() == BackendCode.UNKNOWN_INSTANCE) {
                throw ApiError.of(404, BackendCode.UNKNOWN_INSTANCE, e.getMessage() + " (an agent reports for an instance the"
                        + " cluster has: check --cluster and --instance; a replaced instance's agent can be stopped)").refused();
            }
            throw e;
        }
    }

    /** The spec the cluster's applies converge to (what {@code serve --reconcile} keeps it at). */
    private Reply spec(Request r) {
        String cluster = cluster(r);
        String json = store.declaredSpec(cluster).orElseThrow(() -> ApiError.of(404, ServiceCode.NO_SPEC, "cluster " + cluster
                + " has no declared spec: `gpushare apply --backend " + "<this server>` declares it").refused());
        return new Reply(200, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    /** Keeps the spec an apply is about to converge the cluster to; checked as plan checks it. */
    private Reply declareSpec(Request r) {
        String cluster = cluster(r);
        object(r.body());
        String text = new String(r.body(), StandardCharsets.UTF_8);
        ResolvedSpec resolved = switch (Pipeline.check("request.json", text)) {
            case Checked.Valid v -> v.spec();
            case Checked.Invalid i -> throw new ApiError(400, ServiceCode.INVALID_SPEC, "the spec has " + i.problems().size()
                    + " problem(s); fix them (see problems) and send it again", i.problems()).refused();
        };
        if (!resolved.spec().cluster().equals(cluster)) {
            throw new ApiError(400, ServiceCode.CLUSTER_MISMATCH, "the spec declares cluster " + resolved.spec().cluster()
                    + " but was sent to cluster " + cluster + "; send it to /v1/clusters/" + resolved.spec().cluster() + "/spec",
                    List.of(Problem.at("/cluster", ServiceCode.CLUSTER_MISMATCH, "expected " + cluster))).refused();
        }
        store.declareSpec(cluster, text);
        return Reply.json(200, ServiceWire.NODES.objectNode().put("cluster", cluster).put("declared", true));
    }

    private Reply declared(Request r) {
        String cluster = cluster(r);
        ObjectNode n = ServiceWire.NODES.objectNode();
        n.put("cluster", cluster);
        ObjectNode resources = n.putObject("resources");
        for (Map.Entry<String, ObjectNode> e : declaredStore().declared(cluster).entrySet()) {
            resources.set(e.getKey(), e.getValue());
        }
        return Reply.json(200, n);
    }

    private Reply declare(Request r) {
        String cluster = cluster(r);
        String key = resourceKey(r);
        declaredStore().declare(cluster, key, (ObjectNode) object(r.body()));
        return Reply.json(200, ServiceWire.NODES.objectNode().put("cluster", cluster).put("key", key));
    }

    private Reply undeclare(Request r) {
        String cluster = cluster(r);
        String key = resourceKey(r);
        declaredStore().undeclare(cluster, key);
        return Reply.json(200, ServiceWire.NODES.objectNode().put("cluster", cluster).put("key", key));
    }

    private DeclaredResources declaredStore() {
        return store.declaredResources().orElseThrow(() -> ApiError.of(501, ServiceCode.NOT_SUPPORTED,
                "this server's store (" + store.describe() + ") keeps no declared resources; run it with --store jdbc:postgresql://…").refused());
    }

    private static String resourceKey(Request r) {
        String section = r.param("section");
        if (!SECTIONS.contains(section)) {
            throw ApiError.of(400, ServiceCode.UNKNOWN_SECTION, "'" + section + "' is not a spec section; use one of " + SECTIONS).refused();
        }
        return section + "/" + name(r, "name");
    }

    private static String cluster(Request r) {
        String c = r.param("cluster");
        if (!CLUSTER.matcher(c).matches()) {
            throw ApiError.of(400, ServiceCode.INVALID_CLUSTER, "cluster '" + c + "' is not a cluster name: use lower-case letters,"
                    + " digits and '-', 1 to 63 characters, starting and ending with a letter or digit").refused();
        }
        return c;
    }

    private static String name(Request r, String param) {
        String v = r.param(param);
        if (!NAME.matcher(v).matches()) {
            throw ApiError.of(400, ServiceCode.INVALID_NAME, param + " '" + v + "' is not a name: use letters, digits, '.', '_' and '-',"
                    + " 1 to 128 characters, starting with a letter or digit").refused();
        }
        return v;
    }

    /** The body as a JSON object, or 400 MALFORMED_JSON. */
    static JsonNode object(byte[] body) {
        JsonNode n;
        try {
            n = ServiceWire.MAPPER.readTree(body);
        } catch (JacksonException e) {
            throw ApiError.of(400, ServiceCode.MALFORMED_JSON, "the body is not JSON: " + e.getOriginalMessage()).refused();
        }
        if (n == null || !n.isObject()) throw ApiError.of(400, ServiceCode.MALFORMED_JSON, "the body must be a JSON object").refused();
        return n;
    }

    /** The error body of every refusal: {@code {"code", "message", "requestId", "problems"}}. */
    static ObjectNode error(int status, ProblemCode code, String message, String requestId, List<Problem> problems) {
        ObjectNode n = ServiceWire.NODES.objectNode();
        n.put("status", status);
        n.put("code", code.name());
        n.put("message", message);
        n.put("requestId", requestId);
        n.set("problems", ProblemJson.toTree(problems));
        return n;
    }
}
