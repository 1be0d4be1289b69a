package dev.gpushare.server;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The codes of the placement service's refusals and failures ({@code {"status", "code", "message",
 * "requestId", "problems"}}), each with its cause and fix (docs/troubleshooting.md is generated from
 * this list). Clients match on {@link #name()}, so renaming a constant breaks them. An unknown
 * instance is {@code UNKNOWN_INSTANCE} of {@link dev.gpushare.engine.backend.BackendCode}.
 */
public enum ServiceCode implements ProblemCode {
    UNAUTHORIZED,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    BAD_CONTENT_LENGTH,
    MALFORMED_REQUEST,
    HEADERS_TOO_LARGE,
    SERVER_BUSY,
    BODY_TOO_LARGE,
    MALFORMED_JSON,
    INVALID_SPEC,
    SPEC_TOO_LARGE,
    CLUSTER_MISMATCH,
    INVALID_CLUSTER,
    INVALID_NAME,
    INVALID_APPLY,
    INVALID_IDEMPOTENCY_KEY,
    ACTIONS_REFUSED,
    REVISION_CONFLICT,
    INVALID_REASON,
    TOKEN_SCOPE,
    INVALID_REPORT,
    NO_SPEC,
    UNKNOWN_SECTION,
    NOT_SUPPORTED,
    STORE_UNAVAILABLE,
    INTERNAL_ERROR;
}
