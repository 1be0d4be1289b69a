package dev.gpushare.kubernetes.controller;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.kubernetes.crd.CrdKind;
import dev.gpushare.kubernetes.crd.SpecResources;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The custom resources of {@code gpushare.dev/v1} in the work namespace, followed by one informer
 * per kind: each cluster's spec is assembled from its resources (label {@code gpushare.dev/cluster},
 * else the namespace's name) and checked as {@code gpushare validate} checks a file. A status-only
 * update (the controller's own write) is not a change. A cluster whose last resource is deleted
 * stays declared, empty, until this controller stops: its copies are stopped and its nodes released.
 */
public final class ResourceSpecs implements DesiredSource {
    private final KubernetesClient client;
    private final String namespace;
    private final Duration resync;
    private final List<SharedIndexInformer<GenericKubernetesResource>> informers = new ArrayList<>();
    private final Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public ResourceSpecs(KubernetesClient client, String namespace, Duration resync) {
        this.client = client;
        this.namespace = namespace;
        this.resync = resync;
    }

    public static ResourceDefinitionContext context(CrdKind k) {
        return new ResourceDefinitionContext.Builder().withGroup(CrdKind.GROUP).withVersion(CrdKind.VERSION)
                .withKind(k.kind()).withPlural(k.plural()).withNamespaced(true).build();
    }

    @Override
    public void start(Consumer<String> changed) {
        for (CrdKind k : CrdKind.ALL) {
            informers.add(client.genericKubernetesResources(context(k)).inNamespace(namespace).inform(new ResourceEventHandler<>() {
                @Override
                public void onAdd(GenericKubernetesResource r) {
                    seen.add(SpecResources.clusterOf(r));
                    changed.accept(SpecResources.clusterOf(r));
                }

                @Override
                public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource now) {
                    boolean specSame = Objects.equals(old.getMetadata().getGeneration(), now.getMetadata().getGeneration())
                            && Objects.equals(old.getMetadata().getLabels(), now.getMetadata().getLabels())
                            && Objects.equals(old.getMetadata().getDeletionTimestamp(), now.getMetadata().getDeletionTimestamp());
                    if (specSame && !old.getMetadata().getResourceVersion().equals(now.getMetadata().getResourceVersion())) return;
                    seen.add(SpecResources.clusterOf(now));
                    changed.accept(SpecResources.clusterOf(old));
                    changed.accept(SpecResources.clusterOf(now));
                }

                @Override
                public void onDelete(GenericKubernetesResource r, boolean unknown) {
                    changed.accept(SpecResources.clusterOf(r));
                }
            }, resync.toMillis()));
        }
    }

    /** Whether every informer has listed its resources once. */
    public boolean synced() {
        return !informers.isEmpty() && informers.stream().allMatch(SharedIndexInformer::hasSynced);
    }

    public List<GenericKubernetesResource> resources() {
        List<GenericKubernetesResource> all = new ArrayList<>();
        for (SharedIndexInformer<GenericKubernetesResource> i : informers) all.addAll(i.getStore().list());
        return all;
    }

    @Override
    public Set<String> clusters() {
        Set<String> out = new TreeSet<>(seen);
        for (GenericKubernetesResource r : resources()) out.add(SpecResources.clusterOf(r));
        return out;
    }

    @Override
    public Optional<Desired> of(String cluster) {
        if (!clusters().contains(cluster)) return Optional.empty();
        SpecResources.Document doc = SpecResources.document(cluster, resources());
        Checked c = Pipeline.check("resources", doc.tree());
        return Optional.of(switch (c) {
            case Checked.Valid v -> new Desired.Valid(v.spec(), doc);
            case Checked.Invalid i -> new Desired.Invalid(cluster, i.problems(), doc);
        });
    }

    @Override
    public void close() {
        for (SharedIndexInformer<GenericKubernetesResource> i : informers) i.close();
        informers.clear();
    }

    Set<String> seen() {
        return new HashSet<>(seen);
    }
}
