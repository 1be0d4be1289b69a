package dev.gpushare.engine.backend;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The codes of {@link BackendException}, each with its cause and fix (docs/troubleshooting.md is
 * generated from this list). The CLI prints the message and exits with status 4; the remote
 * backend carries {@link #name()} on the wire, so renaming a constant breaks clients.
 */
public enum BackendCode implements ProblemCode {
    @Doc(cause = "The --backend URL (or GPUSHARE_BACKEND) is neither file:PATH, http(s)://HOST nor kubernetes:[CONTEXT], or names no file; or GPUSHARE_CA_FILE cannot be read.",
            fix = "Use file:PATH, e.g. file:.gpushare/state (the default), the URL of a gpushare server, or kubernetes: for the current kubeconfig context.")
    BACKEND_URL_INVALID,
    @Doc(cause = "The state file cannot be opened (path, permissions), or a remote backend cannot be reached.",
            fix = "Check the path and its permissions or the server address, or pass another --backend.")
    BACKEND_UNAVAILABLE,
    @Doc(cause = "The state file was written by a newer gpushare.",
            fix = "Upgrade gpushare, or use another state file.")
    BACKEND_VERSION,
    @Doc(cause = "Reading or writing the state failed midway (disk full, file locked or damaged).",
            fix = "Fix the cause the message gives and rerun; a failed batch writes nothing.")
    BACKEND_IO,
    @Doc(cause = "A remote backend has no token (GPUSHARE_TOKEN unset), or the gpushare server refused it (401 or 403).",
            fix = "Set GPUSHARE_TOKEN to a token from the server's --token-file.")
    BACKEND_UNAUTHORIZED,
    @Doc(cause = "The gpushare server cannot be reached, or the connection failed midway (network, TLS, or the server is down), even after retries.",
            fix = "Check the server address, the network and GPUSHARE_CA_FILE, then rerun; an apply is retried only with its idempotency key, so rerunning is safe.")
    BACKEND_NETWORK,
    @Doc(cause = "The gpushare server failed on the request (5xx); its stderr log has the details under the request id in the message.",
            fix = "Give the server's operator the request id, fix the cause the log gives (often the store), then rerun.")
    BACKEND_SERVER,
    @Doc(cause = "The gpushare server refused the request as the input's fault (a 4xx other than 401, 403 or 409); the message lists its problems.",
            fix = "Fix the problems the message lists (gpushare validate shows the same for a spec) and rerun.")
    BACKEND_REJECTED,
    @Doc(cause = "The kubernetes: backend found no usable kubeconfig (KUBECONFIG or ~/.kube/config), the named context does not exist, or the URL's query has an unknown key or value.",
            fix = "Use kubernetes: (the current context) or kubernetes:CONTEXT?namespace=NS&devices=dra|device-plugin with a context from kubectl config get-contexts.")
    KUBERNETES_CONFIG,
    @Doc(cause = "The Kubernetes API server cannot be reached (address, TLS, or the server is down).",
            fix = "Check kubectl get nodes with the same kubeconfig and context, then rerun; actions are idempotent, so rerunning apply is safe.")
    KUBERNETES_UNREACHABLE,
    @Doc(cause = "The Kubernetes API server refused a request: forbidden (RBAC), an invalid field, or a conflict on an object another field manager owns. The message names the object and the server's reason.",
            fix = "Grant gpushare's identity the rights the message names (nodes: get/list/patch; pods, resourceclaims, configmaps: all verbs in the namespace), or fix what the reason says, then rerun.")
    KUBERNETES_REFUSED,
    @Doc(cause = "An apply had to start an instance, but no free node of its instance type was left (another cluster or a person took it since the plan).",
            fix = "Add nodes of that instance type (node.kubernetes.io/instance-type), or release some, then plan again.")
    KUBERNETES_NO_FREE_NODE,
    @Doc(cause = "A saved plan was applied to a Kubernetes cluster that does not hold the spec it was made from; pods need the spec's images and resources, which a plan file does not carry.",
            fix = "Apply the spec files (gpushare apply FILE...) instead of the saved plan, once; later saved plans of the same spec then apply.")
    KUBERNETES_SPEC_UNKNOWN,
    @Doc(cause = "gpushare instance mark-unhealthy names an instance the cluster does not have.",
            fix = "Use an id from gpushare status --cluster CLUSTER.")
    UNKNOWN_INSTANCE;
}
