package dev.gpushare.server;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The codes of the placement service's refusals and failures ({@code {"status", "code", "message",
 * "requestId", "problems"}}), each with its cause and fix (docs/troubleshooting.md is generated from
 * this list). Clients match on {@link #name()}, so renaming a constant breaks them. An unknown
 * instance is {@code UNKNOWN_INSTANCE} of {@link dev.gpushare.engine.backend.BackendCode}.
 */
public enum ServiceCode implements ProblemCode {
    UNAUTHORIZED(
            "The request has no Authorization: Bearer token, or one that is not in the server's --token-file (401).",
            "Send a token from the server's --token-file; the gpushare client reads it from GPUSHARE_TOKEN."),
    NOT_FOUND(
            "The path names no resource of the API (404).",
            "Use a path that /v1/openapi.json lists."),
    METHOD_NOT_ALLOWED(
            "The resource exists but not with this HTTP method (405); the Allow header lists the methods it takes.",
            "Use a method the Allow header names."),
    BAD_CONTENT_LENGTH(
            "The Content-Length header is not a number (400).",
            "Send a valid Content-Length, or let the HTTP client set it."),
    MALFORMED_REQUEST(
            "The request is not well-formed HTTP/1.1: a bad request line, a header line without a name, a folded header, a control character, an unknown Transfer-Encoding (400, 501 or 505); the connection is closed.",
            "Send HTTP/1.1 as a standard client does; behind a proxy, check what the proxy forwards."),
    HEADERS_TOO_LARGE(
            "The request line and headers are over 32 KiB, or there are more than 100 header fields (431).",
            "Send fewer or shorter headers (a real client needs a dozen)."),
    SERVER_BUSY(
            "The server is at one of its limits (503, with Retry-After): too many connections in all or from this client address, every worker busy, more plans waiting than it computes at once, or a plan that ran past its timeout.",
            "Retry after the seconds Retry-After gives; reuse connections (keep-alive); send smaller specs. docs/server.md lists the limits and their options."),
    BODY_TOO_LARGE(
            "The request body is over the server's --body-limit (413).",
            "Send a smaller spec or fewer actions per apply request (the CLI applies in batches)."),
    MALFORMED_JSON(
            "The body is not JSON, or not a JSON object (400).",
            "Send one JSON object, as the OpenAPI document describes for the route."),
    INVALID_SPEC(
            "The spec sent to plan has problems (400); they are listed under problems, as gpushare validate prints them.",
            "Fix the listed problems (gpushare validate shows the same) and send the spec again."),
    SPEC_TOO_LARGE(
            "The spec asks for more than 200,000 copies or 20,000 up-front instances in one cluster (400).",
            "Lower desiredCount/copyCount or minInstances/instanceCount, or split the fleet into clusters."),
    CLUSTER_MISMATCH(
            "The spec declares another cluster than the one in the URL (400).",
            "Send the spec to /v1/clusters/CLUSTER/plan with the cluster it declares."),
    INVALID_CLUSTER(
            "The cluster in the URL is not a cluster name (400).",
            "Use lower-case letters, digits and '-', 1 to 63 characters, starting and ending with a letter or digit."),
    INVALID_NAME(
            "An instance id or resource name in the URL is not a name (400).",
            "Use letters, digits, '.', '_' and '-', 1 to 128 characters, starting with a letter or digit."),
    INVALID_APPLY(
            "An apply request lacks expectedRevision (an integer ≥ 0), or its actions are not plan actions (400).",
            "Send {\"expectedRevision\", \"actions\"} with the actions as gpushare plan --format json prints them."),
    INVALID_IDEMPOTENCY_KEY(
            "The Idempotency-Key header is empty or longer than 128 characters (400).",
            "Send a key of 1 to 128 characters, e.g. a UUID, the same for every retry of one apply."),
    ACTIONS_REFUSED(
            "An action of the apply request does not hold against the cluster's state and the catalog (400): a forged, hand-edited or damaged plan; problems lists each with its code (ACTION_…), and nothing was written.",
            "Plan again (gpushare plan) and apply that plan; plans are not meant to be edited."),
    REVISION_CONFLICT(
            "The cluster moved on since the actions were planned (409); the answer gives currentRevision.",
            "Plan again against the current state and apply that plan."),
    INVALID_REASON(
            "The reason of mark-unhealthy is not a string (400).",
            "Send {\"reason\": \"mps-daemon-unresponsive\"} or no body."),
    UNKNOWN_SECTION(
            "A declared-resource path names a section the spec does not have (400).",
            "Use capacityProviders, instanceTypes, taskDefinitions, services, endpoints or inferenceComponents."),
    NOT_SUPPORTED(
            "The server's store keeps no declared resources (501).",
            "Run the server with a PostgreSQL store (--store jdbc:postgresql://…)."),
    STORE_UNAVAILABLE(
            "The server's store failed, e.g. the database is down (503); the server log has the details under the request id.",
            "Retry later; tell the operator the request id if it persists."),
    INTERNAL_ERROR(
            "The server failed on the request (500): a bug; its log has the stack trace under the request id.",
            "Tell the operator the request id and report the bug.");

    private final Doc doc;

    ServiceCode(String cause, String fix) {
        this.doc = new Doc(cause, fix);
    }

    @Override public Doc doc() { return doc; }
}
