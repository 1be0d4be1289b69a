package dev.gpushare.server;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The codes of the placement service's refusals and failures ({@code {"status", "code", "message",
 * "requestId", "problems"}}), each with its cause and fix (docs/troubleshooting.md is generated from
 * this list). Clients match on {@link #name()}, so renaming a constant breaks them. An unknown
 * instance is {@code UNKNOWN_INSTANCE} of {@link dev.gpushare.engine.backend.BackendCode}.
 */
public enum ServiceCode implements ProblemCode {
    @Doc(cause = "The request has no Authorization: Bearer token, or one that is not in the server's --token-file (401).",
            fix = "Send a token from the server's --token-file; the gpushare client reads it from GPUSHARE_TOKEN.")
    UNAUTHORIZED,
    @Doc(cause = "The path names no resource of the API (404).",
            fix = "Use a path that /v1/openapi.json lists.")
    NOT_FOUND,
    @Doc(cause = "The resource exists but not with this HTTP method (405); the Allow header lists the methods it takes.",
            fix = "Use a method the Allow header names.")
    METHOD_NOT_ALLOWED,
    @Doc(cause = "The Content-Length header is not a number (400).",
            fix = "Send a valid Content-Length, or let the HTTP client set it.")
    BAD_CONTENT_LENGTH,
    @Doc(cause = "The request is not well-formed HTTP/1.1: a bad request line, a header line without a name, a folded header, a control character, an unknown Transfer-Encoding (400, 501 or 505); the connection is closed.",
            fix = "Send HTTP/1.1 as a standard client does; behind a proxy, check what the proxy forwards.")
    MALFORMED_REQUEST,
    @Doc(cause = "The request line and headers are over 32 KiB, or there are more than 100 header fields (431).",
            fix = "Send fewer or shorter headers (a real client needs a dozen).")
    HEADERS_TOO_LARGE,
    @Doc(cause = "The server is at one of its limits (503, with Retry-After): too many connections in all or from this client address, every worker busy, more plans waiting than it computes at once, or a plan that ran past its timeout.",
            fix = "Retry after the seconds Retry-After gives; reuse connections (keep-alive); send smaller specs. docs/server.md lists the limits and their options.")
    SERVER_BUSY,
    @Doc(cause = "The request body is over the server's --body-limit (413).",
            fix = "Send a smaller spec or fewer actions per apply request (the CLI applies in batches).")
    BODY_TOO_LARGE,
    @Doc(cause = "The body is not JSON, or not a JSON object (400).",
            fix = "Send one JSON object, as the OpenAPI document describes for the route.")
    MALFORMED_JSON,
    @Doc(cause = "The spec sent to plan has problems (400); they are listed under problems, as gpushare validate prints them.",
            fix = "Fix the listed problems (gpushare validate shows the same) and send the spec again.")
    INVALID_SPEC,
    @Doc(cause = "The spec asks for more copies or up-front instances than the server plans per request (400; by default 50,000 and 5,000, set with --max-copies and --max-instances).",
            fix = "Lower desiredCount/copyCount or minInstances/instanceCount, or split the fleet into clusters.")
    SPEC_TOO_LARGE,
    @Doc(cause = "The spec declares another cluster than the one in the URL (400).",
            fix = "Send the spec to /v1/clusters/CLUSTER/plan with the cluster it declares.")
    CLUSTER_MISMATCH,
    @Doc(cause = "The cluster in the URL is not a cluster name (400).",
            fix = "Use lower-case letters, digits and '-', 1 to 63 characters, starting and ending with a letter or digit.")
    INVALID_CLUSTER,
    @Doc(cause = "An instance id or resource name in the URL is not a name (400).",
            fix = "Use letters, digits, '.', '_' and '-', 1 to 128 characters, starting with a letter or digit.")
    INVALID_NAME,
    @Doc(cause = "An apply request lacks expectedRevision (an integer ≥ 0), or its actions are not plan actions (400).",
            fix = "Send {\"expectedRevision\", \"actions\"} with the actions as gpushare plan --format json prints them.")
    INVALID_APPLY,
    @Doc(cause = "The Idempotency-Key header is empty or longer than 128 characters (400).",
            fix = "Send a key of 1 to 128 characters, e.g. a UUID, the same for every retry of one apply.")
    INVALID_IDEMPOTENCY_KEY,
    @Doc(cause = "An action of the apply request does not hold against the cluster's state and the catalog (400): a forged, hand-edited or damaged plan; problems lists each with its code (ACTION_…), and nothing was written.",
            fix = "Plan again (gpushare plan) and apply that plan; plans are not meant to be edited.")
    ACTIONS_REFUSED,
    @Doc(cause = "The cluster moved on since the actions were planned (409); the answer gives currentRevision.",
            fix = "Plan again against the current state and apply that plan.")
    REVISION_CONFLICT,
    @Doc(cause = "The reason of mark-unhealthy is not a string (400).",
            fix = "Send {\"reason\": \"mps-daemon-unresponsive\"} or no body.")
    INVALID_REASON,
    @Doc(cause = "The token is an agent's (a token-file line `TOKEN agent:CLUSTER/INSTANCE`): it may only report for its own instance, POST /v1/clusters/CLUSTER/instances/INSTANCE/report (403).",
            fix = "Run `gpushare agent` with the --cluster and --instance its token names, or give the caller a full token (a token-file line without agent:).")
    TOKEN_SCOPE,
    @Doc(cause = "An agent's report is not {\"healthy\": true|false, \"reason\": \"…\"}, or says unhealthy without a reason (400).",
            fix = "Send what `gpushare agent` sends: healthy, and a reason whenever healthy is false.")
    INVALID_REPORT,
    @Doc(cause = "The cluster has no declared spec (404): no `gpushare apply` through this server has declared one yet (or it was destroyed), so `serve --reconcile` does not keep it converged.",
            fix = "Apply the spec once through the server: gpushare apply SPEC --backend http(s)://… .")
    NO_SPEC,
    @Doc(cause = "A declared-resource path names a section the spec does not have (400).",
            fix = "Use capacityProviders, instanceTypes, taskDefinitions, services, endpoints or inferenceComponents.")
    UNKNOWN_SECTION,
    @Doc(cause = "The server's store keeps no declared resources (501).",
            fix = "Run the server with a PostgreSQL store (--store jdbc:postgresql://…).")
    NOT_SUPPORTED,
    @Doc(cause = "The server's store failed, e.g. the database is down (503); the server log has the details under the request id.",
            fix = "Retry later; tell the operator the request id if it persists.")
    STORE_UNAVAILABLE,
    @Doc(cause = "The server failed on the request (500): a bug; its log has the stack trace under the request id.",
            fix = "Tell the operator the request id and report the bug.")
    INTERNAL_ERROR;
}
