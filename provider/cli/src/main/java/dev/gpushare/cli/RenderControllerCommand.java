package dev.gpushare.cli;

import dev.gpushare.kubernetes.crd.ControllerManifests;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gpushare render controller}: the Deployment, RBAC, PodDisruptionBudget and Service that run the controller. */
@Command(name = "controller",
        description = {
                "Write what runs 'gpushare controller' in a cluster: a ServiceAccount, least-privilege RBAC (nodes "
                        + "get/list/watch/patch; pods, ConfigMaps and ResourceClaims in the work namespace; the custom "
                        + "resources and their status; Events; the leader-election Lease), a Deployment of two replicas "
                        + "(one leads, the other takes over within the lease duration), a PodDisruptionBudget keeping "
                        + "one, and a Service for the metrics (9090) and the admission webhook (443 → 9443). The webhook "
                        + "serves the certificate of the Secret gpushare-webhook-tls (e.g. made by cert-manager). "
                        + "See docs/controller.md."},
        footer = {"  gpushare render controller --work-namespace inference | kubectl apply -f -"},
        exitCodeList = {"0:written", "2:usage error"})
final class RenderControllerCommand extends ManifestsCommand {
    @Option(names = "--namespace", paramLabel = "NS", defaultValue = "gpushare-system",
            description = "Where the controller runs (default: ${DEFAULT-VALUE}); create it first.")
    private String namespace;

    @Option(names = "--work-namespace", paramLabel = "NS", defaultValue = "default",
            description = "Where the cluster's pods, claims, ConfigMaps and custom resources live (default: ${DEFAULT-VALUE}).")
    private String workNamespace;

    @Option(names = "--image", paramLabel = "IMAGE", defaultValue = "ghcr.io/gpushare/gpushare:0.1.0",
            description = "The gpushare image; its entry point is the gpushare command (default: ${DEFAULT-VALUE}).")
    private String image;

    @Override
    Manifests manifests() {
        return new Manifests(new ControllerManifests(namespace, workNamespace, image).objects(),
                "# gpushare render controller: apply with kubectl apply -f - (after gpushare render crds)\n");
    }
}
