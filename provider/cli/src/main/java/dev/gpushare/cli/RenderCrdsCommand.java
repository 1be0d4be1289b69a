package dev.gpushare.cli;

import dev.gpushare.kubernetes.crd.ControllerManifests;
import dev.gpushare.kubernetes.crd.CustomResourceDefinitions;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gpushare render crds}: the CustomResourceDefinitions of gpushare.dev/v1 and the webhook configuration. */
@Command(name = "crds",
        description = {
                "Write the CustomResourceDefinitions of gpushare.dev/v1 (GpuCapacityProvider, GpuTaskDefinition, "
                        + "GpuService, GpuEndpoint, GpuInferenceComponent), their schemas derived from "
                        + "gpushare.schema.json so that the API server refuses unknown or mistyped fields, and the "
                        + "ValidatingWebhookConfiguration that sends every create and update to the controller's "
                        + "admission webhook (the semantic rules of 'gpushare validate'). See docs/controller.md."},
        footer = {"  gpushare render crds --ca-bundle \"$(base64 -w0 ca.crt)\" | kubectl apply --server-side -f -",
                "  gpushare render crds --no-webhook | kubectl apply --server-side -f -"},
        exitCodeList = {"0:written", "2:usage error"})
final class RenderCrdsCommand extends ManifestsCommand {
    @Option(names = "--namespace", paramLabel = "NS", defaultValue = "gpushare-system",
            description = "The namespace of the controller's Service the webhook calls (default: ${DEFAULT-VALUE}).")
    private String namespace;

    @Option(names = "--ca-bundle", paramLabel = "BASE64",
            description = "The base64 PEM CA that signed the webhook's certificate (omit it when cert-manager's CA "
                    + "injector fills it in).")
    private String caBundle;

    @Option(names = "--no-webhook", description = "Leave out the ValidatingWebhookConfiguration.")
    private boolean noWebhook;

    @Override
    Manifests manifests() {
        List<HasMetadata> objects = noWebhook ? List.copyOf(CustomResourceDefinitions.all())
                : CustomResourceDefinitions.withWebhook(namespace, ControllerManifests.NAME, caBundle);
        return new Manifests(objects, "# gpushare render crds: apply with kubectl apply --server-side -f -\n");
    }
}
