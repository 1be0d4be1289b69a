package dev.gpushare.engine.backend;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The codes of {@link BackendException}, each with its cause and fix (docs/troubleshooting.md is
 * generated from this list). The CLI prints the message and exits with status 4; the remote
 * backend carries {@link #name()} on the wire, so renaming a constant breaks clients.
 */
public enum BackendCode implements ProblemCode {
    BACKEND_URL_INVALID(
            "The --backend URL (or GPUSHARE_BACKEND) is neither file:PATH nor http(s)://HOST, or names no file; or GPUSHARE_CA_FILE cannot be read.",
            "Use file:PATH, e.g. file:.gpushare/state (the default), or the URL of a gpushare server."),
    BACKEND_UNAVAILABLE(
            "The state file cannot be opened (path, permissions), or a remote backend cannot be reached.",
            "Check the path and its permissions or the server address, or pass another --backend."),
    BACKEND_VERSION(
            "The state file was written by a newer gpushare.",
            "Upgrade gpushare, or use another state file."),
    BACKEND_IO(
            "Reading or writing the state failed midway (disk full, file locked or damaged).",
            "Fix the cause the message gives and rerun; a failed batch writes nothing."),
    BACKEND_UNAUTHORIZED(
            "A remote backend has no token (GPUSHARE_TOKEN unset), or the gpushare server refused it (401 or 403).",
            "Set GPUSHARE_TOKEN to a token from the server's --token-file."),
    BACKEND_NETWORK(
            "The gpushare server cannot be reached, or the connection failed midway (network, TLS, or the server is down), even after retries.",
            "Check the server address, the network and GPUSHARE_CA_FILE, then rerun; an apply is retried only with its idempotency key, so rerunning is safe."),
    BACKEND_SERVER(
            "The gpushare server failed on the request (5xx); its stderr log has the details under the request id in the message.",
            "Give the server's operator the request id, fix the cause the log gives (often the store), then rerun."),
    BACKEND_REJECTED(
            "The gpushare server refused the request as the input's fault (a 4xx other than 401, 403 or 409); the message lists its problems.",
            "Fix the problems the message lists (gpushare validate shows the same for a spec) and rerun."),
    UNKNOWN_INSTANCE(
            "gpushare instance mark-unhealthy names an instance the cluster does not have.",
            "Use an id from gpushare status --cluster CLUSTER.");

    private final Doc doc;

    BackendCode(String cause, String fix) {
        this.doc = new Doc(cause, fix);
    }

    @Override public Doc doc() { return doc; }
}
