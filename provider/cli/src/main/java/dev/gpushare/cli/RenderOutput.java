package dev.gpushare.cli;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesListBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;

/** Kubernetes objects as a multi-document YAML (after a comment header) or one JSON {@code v1 List}. */
final class RenderOutput {
    private RenderOutput() {}

    static String of(List<? extends HasMetadata> objects, boolean json, String header) {
        if (json) return Serialization.asJson(new KubernetesListBuilder().withItems(List.copyOf(objects)).build()) + "\n";
        StringBuilder out = new StringBuilder(header);
        for (HasMetadata o : objects) {
            String doc = Serialization.asYaml(o);
            out.append(doc.startsWith("---") ? doc : "---\n" + doc);
            if (!doc.endsWith("\n")) out.append('\n');
        }
        return out.toString();
    }
}
