package dev.gpushare.engine.backend;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The codes of {@link BackendException}, each with its cause and fix (docs/troubleshooting.md is
 * generated from this list). The CLI prints the message and exits with status 4; the remote
 * backend carries {@link #name()} on the wire, so renaming a constant breaks clients.
 */
public enum BackendCode implements ProblemCode {
    BACKEND_URL_INVALID(
            "The --backend URL (or GPUSHARE_BACKEND) is neither file:PATH, http(s)://HOST nor kubernetes:[CONTEXT], or names no file; or GPUSHARE_CA_FILE cannot be read.",
            "Use file:PATH, e.g. file:.gpushare/state (the default), the URL of a gpushare server, or kubernetes: for the current kubeconfig context."),
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
    KUBERNETES_CONFIG(
            "The kubernetes: backend found no usable kubeconfig (KUBECONFIG or ~/.kube/config), the named context does not exist, or the URL's query has an unknown key or value.",
            "Use kubernetes: (the current context) or kubernetes:CONTEXT?namespace=NS&devices=dra|device-plugin with a context from kubectl config get-contexts."),
    KUBERNETES_UNREACHABLE(
            "The Kubernetes API server cannot be reached (address, TLS, or the server is down).",
            "Check kubectl get nodes with the same kubeconfig and context, then rerun; actions are idempotent, so rerunning apply is safe."),
    KUBERNETES_REFUSED(
            "The Kubernetes API server refused a request: forbidden (RBAC), an invalid field, or a conflict on an object another field manager owns. The message names the object and the server's reason.",
            "Grant gpushare's identity the rights the message names (nodes: get/list/patch; pods, resourceclaims, configmaps: all verbs in the namespace), or fix what the reason says, then rerun."),
    KUBERNETES_NO_FREE_NODE(
            "An apply had to start an instance, but no free node of its instance type was left (another cluster or a person took it since the plan).",
            "Add nodes of that instance type (node.kubernetes.io/instance-type), or release some, then plan again."),
    KUBERNETES_SPEC_UNKNOWN(
            "A saved plan was applied to a Kubernetes cluster that does not hold the spec it was made from; pods need the spec's images and resources, which a plan file does not carry.",
            "Apply the spec files (gpushare apply FILE...) instead of the saved plan, once; later saved plans of the same spec then apply."),
    UNKNOWN_INSTANCE(
            "gpushare instance mark-unhealthy names an instance the cluster does not have.",
            "Use an id from gpushare status --cluster CLUSTER.");

    private final Doc doc;

    BackendCode(String cause, String fix) {
        this.doc = new Doc(cause, fix);
    }

    @Override public Doc doc() { return doc; }
}
