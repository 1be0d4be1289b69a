package dev.gpushare.engine.backend;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The codes of {@link BackendException}, each with its cause and fix (docs/troubleshooting.md is
 * generated from this list). The CLI prints the message and exits with status 4; the remote
 * backend carries {@link #name()} on the wire, so renaming a constant breaks clients.
 */
public enum BackendCode implements ProblemCode {
    BACKEND_URL_INVALID,
    BACKEND_UNAVAILABLE,
    BACKEND_VERSION,
    BACKEND_IO,
    BACKEND_UNAUTHORIZED,
    BACKEND_NETWORK,
    BACKEND_SERVER,
    BACKEND_REJECTED,
    KUBERNETES_CONFIG,
    KUBERNETES_UNREACHABLE,
    KUBERNETES_REFUSED,
    KUBERNETES_NO_FREE_NODE,
    KUBERNETES_SPEC_UNKNOWN,
    UNKNOWN_INSTANCE;
}
