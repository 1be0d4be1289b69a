package dev.gpushare.cli;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.kubernetes.DeviceMode;
import dev.gpushare.kubernetes.KubernetesManifests;
import dev.gpushare.kubernetes.KubernetesUrl;
import dev.gpushare.model.Spec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpushare render kubernetes FILE... [--devices dra|device-plugin] [--out-dir D]}. */
@Command(name = "render",
        description = "Write what a placed spec becomes on a platform, without a cluster (for GitOps).",
        subcommands = {RenderCommand.Kubernetes.class, RenderCrdsCommand.class, RenderResourcesCommand.class,
                RenderControllerCommand.class})
final class RenderCommand extends CommandGroup {
    @Command(name = "kubernetes",
            description = {
                    "Place the spec on an empty fleet (as 'gpushare place' does) and write the Kubernetes objects "
                            + "the kubernetes: backend would apply: the mig-parted and device-plugin ConfigMaps the "
                            + "GPU Operator reads, one pod per copy with its allocation's environment, and (with "
                            + "--devices dra, the default) one ResourceClaim per GPU or MIG instance, shared by the "
                            + "pods on it; MPS and time-sliced GPUs carry the NVIDIA DRA driver's GpuConfig sharing.",
                    "Nodes are not written: the leading comments name the labels each instance's node must carry "
                            + "(gpushare.dev/cluster, gpushare.dev/instance, nvidia.com/mig.config, "
                            + "nvidia.com/device-plugin.config). Without a cluster the GPUs' uuids are unknown, so a "
                            + "claim selects its device class (and MIG profile) on the pod's node; the backend pins "
                            + "the exact GPU. See docs/kubernetes.md."},
            footer = {
                    "  gpushare render kubernetes examples/mps-sharing/spec.yaml | kubectl apply --server-side -f -",
                    "  gpushare render kubernetes examples/sagemaker-mig/spec.yaml --devices device-plugin --out-dir deploy/"},
            exitCodeList = {
                    "0:written",
                    "1:the spec has problems (printed on stderr)",
                    "2:usage error, unreadable file, or the output folder cannot be written",
                    "3:written, but something could not be placed (those copies have no pod)"})
    static final class Kubernetes extends GpushareCommand {
        @Mixin private SpecFilesParameter specFiles;

        @Option(names = "--devices", paramLabel = "dra|device-plugin", defaultValue = "dra",
                description = "How pods ask for their device: DRA ResourceClaims (default) or the device plugin's "
                        + "extended resources (nvidia.com/gpu, nvidia.com/mig-PROFILE).")
        private String devices;

        @Option(names = "--namespace", paramLabel = "NS", defaultValue = "default",
                description = "The namespace of the pods, claims and ConfigMaps (default: default).")
        private String namespace;

        @Option(names = "--component-image", paramLabel = "IMAGE", defaultValue = KubernetesUrl.DEFAULT_COMPONENT_IMAGE,
                description = "The image an inference component's copies run; it gets GPUSHARE_MODEL (default: the pause image, which only holds the device).")
        private String componentImage;

        @Option(names = "--out-dir", paramLabel = "D",
                description = "Write D/CLUSTER.yaml instead of printing the manifests.")
        private Path outDir;

        @Override
        public Integer call() {
            DeviceMode mode = DeviceMode.parse(devices).orElseThrow(() ->
                    UserError.usage("--devices " + devices + ": use dra or device-plugin"));
            ResolvedSpec resolved = specFiles.read(false, command.commandLine().getErr());
            if (resolved == null) return ExitCodes.INVALID;
            PrintWriter err = command.commandLine().getErr();
            Spec spec = resolved.spec();
            FleetState placed = Pipeline.place(resolved);
            if (format.get() == OutputFormat.SVG || format.get() == OutputFormat.HTML) {
                throw UserError.usage("render kubernetes prints text (YAML) or json (a v1 List)");
            }
            KubernetesManifests.Rendering rendering = KubernetesManifests.render(spec, placed, mode, namespace, componentImage);
            String yaml = format.json() ? rendering.json() : rendering.yaml();
            if (outDir == null) {
                Print.document(command.commandLine().getOut(), yaml);
            } else {
                Path file = outDir.resolve(spec.cluster() + (format.json() ? ".json" : ".yaml"));
                try {
                    Files.createDirectories(outDir);
                    Files.writeString(file, yaml);
                } catch (IOException e) {
                    throw UserError.usage("cannot write " + file + ": " + e.getMessage());
                }
                command.commandLine().getOut().println("wrote " + file);
            }
            if (!placed.unplaced().isEmpty()) {
                err.println("gpushare: " + placed.unplaced().size() + " copies could not be placed and have no pod;"
                        + " gpushare place " + specFiles.asArguments() + " says why");
                return ExitCodes.UNPLACED;
            }
            return ExitCodes.OK;
        }
    }
}
