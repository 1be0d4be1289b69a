package dev.gpushare.cli;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesListBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;

/**
 * A {@code render} subcommand that writes Kubernetes objects ({@code crds}, {@code resources},
 * {@code controller}): a multi-document YAML after a comment header, or one JSON {@code v1 List}
 * with {@code --format json}; a picture format is a usage error.
 */
abstract class ManifestsCommand extends GpushareCommand {
    /** What to write: the objects, and the comment that heads the YAML. */
    record Manifests(List<? extends HasMetadata> objects, String header) {}

    /** The objects, or {@code null} after printing on stderr why there are none (exit 1). */
    abstract Manifests manifests();

    @Override
    public Integer call() {
        boolean json = format.jsonElseText("render " + command.name());
        Manifests m = manifests();
        if (m == null) return ExitCodes.INVALID;
        Print.document(command.commandLine().getOut(), json ? json(m.objects()) : yaml(m));
        return ExitCodes.OK;
    }

    private static String json(List<? extends HasMetadata> objects) {
        return Serialization.asJson(new KubernetesListBuilder().withItems(List.copyOf(objects)).build()) + "\n";
    }

    private static String yaml(Manifests m) {
        StringBuilder out = new StringBuilder(m.header());
        for (HasMetadata o : m.objects()) {
            String doc = Serialization.asYaml(o);
            out.append(doc.startsWith("---") ? doc : "---\n" + doc);
            if (!doc.endsWith("\n")) out.append('\n');
        }
        return out.toString();
    }
}
