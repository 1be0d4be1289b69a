package dev.gpushare.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;

/** Every object that carries a cluster's label, as "kind/name", read straight from the API server. */
final class Labelled {
    private Labelled() {}

    static List<String> objects(KubernetesClient c, String namespace, String cluster) {
        List<HasMetadata> all = new ArrayList<>();
        all.addAll(c.pods().inNamespace(namespace).withLabel("gpushare.dev/cluster", cluster).list().getItems());
        all.addAll(c.resources(ResourceClaim.class).inNamespace(namespace).withLabel("gpushare.dev/cluster", cluster).list().getItems());
        all.addAll(c.configMaps().inNamespace(namespace).withLabel("gpushare.dev/cluster", cluster).list().getItems());
        all.addAll(c.nodes().withLabel("gpushare.dev/cluster", cluster).list().getItems());
        List<String> out = new ArrayList<>();
        for (HasMetadata o : all) out.add(o.getKind() + "/" + o.getMetadata().getName());
        return out;
    }
}
