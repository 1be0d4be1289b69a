package dev.gpushare.cli;

import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.kubernetes.crd.SpecResources;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gpushare render resources SPEC...}: a spec as gpushare.dev/v1 custom resources. */
@Command(name = "resources",
        description = {
                "Write a spec as custom resources of gpushare.dev/v1, one per capacity provider, task definition, "
                        + "service, endpoint and inference component, labelled gpushare.dev/cluster=CLUSTER: what "
                        + "'gpushare controller' without --spec reads, so that a team moves its spec from files to "
                        + "GitOps. A name that is not a valid object name (upper case, '_') stays in spec.name "
                        + "(spec.family) and metadata.name gets a lower-case form of it.",
                "instanceTypes and pricing have no kind: a spec that declares them is left out of them (a note on "
                        + "stderr); give such a spec to the controller with --spec. See docs/controller.md."},
        footer = {"  gpushare render resources examples/mps-sharing/spec.yaml --namespace inference | kubectl apply -f -"},
        exitCodeList = {"0:written", "1:the spec has problems (printed on stderr)", "2:usage error or unreadable file"})
final class RenderResourcesCommand extends ManifestsCommand {
    @Parameters(arity = "1..*", paramLabel = "SPEC", description = "Spec files (YAML or JSON), merged in the order given.")
    private List<Path> files;

    @Option(names = "--namespace", paramLabel = "NS", defaultValue = "default",
            description = "The namespace of the resources (default: ${DEFAULT-VALUE}); the controller's --backend names the same.")
    private String namespace;

    @Override
    Manifests manifests() {
        ResolvedSpec resolved = SpecInput.read(files, false, command.commandLine().getErr());
        if (resolved == null) return null;
        Spec spec = resolved.spec();
        if (!spec.instanceTypes().isEmpty() || !spec.pricing().isNone()) {
            command.commandLine().getErr().println("gpushare: note: the spec's instanceTypes and pricing have no custom resource"
                    + " and are left out; run the controller with --spec for them");
        }
        return new Manifests(SpecResources.of(spec, namespace),
                "# gpushare render resources: cluster " + spec.cluster() + "; apply with kubectl apply -f -\n");
    }
}
