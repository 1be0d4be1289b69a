package dev.gpushare.kubernetes;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.DeclaredResources;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.reconcile.ActionCheck;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.reconcile.StateView;
import dev.gpushare.kubernetes.internal.BatchWriter;
import dev.gpushare.kubernetes.internal.ClusterObjects;
import dev.gpushare.kubernetes.internal.ConfigMapDeclared;
import dev.gpushare.kubernetes.internal.Failures;
import dev.gpushare.kubernetes.internal.InstanceRecord;
import dev.gpushare.kubernetes.internal.PodReadiness;
import dev.gpushare.engine.reconcile.Readiness;
import dev.gpushare.kubernetes.internal.Keys;
import dev.gpushare.kubernetes.internal.SpecIndex;
import dev.gpushare.kubernetes.internal.StateEntry;
import dev.gpushare.kubernetes.internal.StateStore;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecReader;
import dev.gpushare.model.io.SpecWriter;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The {@code kubernetes:} backend: a cluster's desired state as the objects a Kubernetes cluster
 * acts on (docs/kubernetes.md has the mapping). Instances are nodes claimed by label, GPU modes the
 * GPU Operator's node configuration, copies one pod each with DRA claims or extended resources.
 * The state is read back from those objects; the revision, the spec and the declared resources
 * live in the ConfigMap {@code gpushare-<cluster>}, whose resourceVersion is the optimistic lock.
 *
 * <p>A batch is not atomic across objects (the API server has no transactions): the revision moves
 * on first, under the lock, then the objects are written one by one with server-side apply. A
 * batch cut off midway leaves the objects it wrote, which the next read sees; every action is
 * idempotent, so planning again and applying completes it.
 */
public final class KubernetesBackend implements Backend {
    private final KubernetesClient client;
    private final KubernetesUrl url;
    private final String namespace;
    private final StateStore store;
    private final Map<String, Spec> declared = new HashMap<>();

    private KubernetesBackend(KubernetesClient client, KubernetesUrl url, String namespace) {
        this.client = client;
        this.url = url;
        this.namespace = namespace;
        this.store = new StateStore(client, namespace);
    }

    /** Opens the cluster of {@code url}'s kubeconfig context (KUBECONFIG or ~/.kube/config). */
    public static KubernetesBackend open(KubernetesUrl url) {
        Config config;
        try {
            config = Config.autoConfigure(url.context());
        } catch (RuntimeException e) {
            throw new BackendException(BackendCode.KUBERNETES_CONFIG, "cannot read the kubeconfig"
                    + (url.context() == null ? "" : " context " + url.context()) + ": " + e.getMessage(), e);
        }
        if (url.context() != null && (config.getCurrentContext() == null
                || !url.context().equals(config.getCurrentContext().getName()))) {
            throw new BackendException(BackendCode.KUBERNETES_CONFIG, "the kubeconfig has no context " + url.context()
                    + "; use one of kubectl config get-contexts, or kubernetes: for the current one");
        }
        if (config.getMasterUrl() == null || config.getMasterUrl().isBlank()) {
            throw new BackendException(BackendCode.KUBERNETES_CONFIG, "no kubeconfig found (KUBECONFIG or ~/.kube/config)"
                    + " names an API server; use kubectl config to set one up");
        }
        return open(config, url);
    }

    /** Opens the cluster that {@code config} describes (tests pass one built for their API server). */
    public static KubernetesBackend open(Config config, KubernetesUrl url) {
        String ns = url.namespace() != null ? url.namespace()
                : config.getNamespace() != null ? config.getNamespace() : "default";
        KubernetesClient client = new KubernetesClientBuilder().withConfig(config)
                .withHttpClientFactory(new JdkHttpClientFactory()).build();
        return new KubernetesBackend(client, url, ns);
    }

    /** The namespace gpushare's objects live in (the controller watches it). */
    public String namespace() {
        return namespace;
    }

    /** How copies get their devices (DRA claims or extended resources), as the URL says. */
    public DeviceMode devices() {
        return url.devices();
    }

    @Override
    public Snapshot read(String cluster) {
        Optional<ConfigMap> cm = store.read(cluster);
        return ClusterObjects.read(client, namespace, cluster).snapshot(StateStore.revision(cm))
                .withRollouts(StateStore.rollouts(cm));
    }

    @Override
    public void declareSpec(String cluster, Spec spec) {
        declared.put(cluster, Objects.requireNonNull(spec, "spec"));
    }

    @Override
    public BatchResult apply(String cluster, long expectedRevision, List<Action> batch) {
        Spec spec = declared.get(cluster);
        Admission admission;
        ClusterObjects world;
        String previous;
        while (true) {
            Optional<ConfigMap> cm = store.read(cluster);
            long current = StateStore.revision(cm);
            if (current != expectedRevision) return new BatchResult.RevisionConflict(cluster, expectedRevision, current);
            // every action is checked against the objects as they are, before anything is written, and
            // capacity with the limits of the spec the cluster converges to when one is known
            String stored = StateEntry.SPEC.in(cm);
            Spec known = spec != null ? spec : stored == null ? null : SpecReader.bind(List.of(SpecReader.parse("spec.json", stored))).spec();
            admission = known == null ? Admission.of(Catalog.builtIn()) : Admission.of(ResolvedSpec.of(known));
            world = ClusterObjects.read(client, namespace, cluster);
            List<dev.gpushare.model.problem.Problem> problems = ActionCheck.batch(batch,
                    StateView.of(world.snapshot(current).state()), Catalog.builtIn(), admission);
            if (!problems.isEmpty()) return new BatchResult.Refused(cluster, problems);
            if (spec == null) spec = storedSpec(cluster, cm, batch);
            Map<StateEntry, String> changes = new HashMap<>();
            changes.put(StateEntry.REVISION, Long.toString(expectedRevision + 1));
            previous = StateEntry.PREVIOUS_SPEC.in(cm);
            if (spec != null && declared.containsKey(cluster)) {
                String json = SpecWriter.toJson(spec);
                changes.put(StateEntry.SPEC, json);
                // the spec it replaces is kept: a rollback returns copies to the revisions it gave them
                if (stored != null && !stored.equals(json)) changes.put(StateEntry.PREVIOUS_SPEC, previous = stored);
            }
            // the batch's rollout records commit with its revision (the wave they describe is this batch)
            String records = StateStore.rolloutsAfter(cm, batch);
            if (records != null) changes.put(StateEntry.ROLLOUTS, records);
            if (store.writeIfUnchanged(cluster, cm, changes)) break;
            // the ConfigMap changed since we read it: another apply, or a declared resource; look again
        }
        // the objects as checked: no other writer of gpushare's committed since (the revision moved
        // from the one read with them), so they are what the batch applies to; one read, not two
        Spec before = previous == null ? null : SpecReader.bind(List.of(SpecReader.parse("spec-previous.json", previous))).spec();
        BatchWriter writer = new BatchWriter(client, namespace, world, spec == null ? null : new SpecIndex(spec, before),
                url.devices(), url.componentImage(), admission);
        writer.retireReplaced(batch);
        for (Action a : batch) writer.execute(a);
        writer.finish();
        return new BatchResult.Committed(expectedRevision + 1);
    }

    /** The spec the last apply stored; needed when a batch starts pods and no spec was declared here. */
    private Spec storedSpec(String cluster, Optional<ConfigMap> cm, List<Action> batch) {
        String json = StateEntry.SPEC.in(cm);
        if (json != null) return SpecReader.bind(List.of(SpecReader.parse("spec.json", json))).spec();
        for (Action a : batch) {
            if (a instanceof Action.PlaceCopy || a instanceof Action.MoveCopy || a instanceof Action.LaunchInstance
                    || a instanceof Action.ReplaceInstance || a instanceof Action.ConfigureGpu) {
                throw new BackendException(BackendCode.KUBERNETES_SPEC_UNKNOWN, "cluster " + cluster + " in namespace "
                        + namespace + " holds no spec yet, and this plan starts pods or configures nodes; apply the spec"
                        + " files instead of a saved plan, once");
            }
        }
        return null;
    }

    /**
     * Each started copy's pod Ready condition (its readiness probe is the task definition's
     * healthCheck): a pod missing, unscheduled, on an unhealthy node or not Ready is not ready, with
     * the reason from its conditions. A Ready new pod retires the old pod it replaces.
     */
    @Override
    public Readiness readiness() {
        return (cluster, started) -> PodReadiness.notReady(client, namespace, cluster, started);
    }

    @Override
    public long markUnhealthy(String cluster, String instanceId, String reason) {
        ClusterObjects world = ClusterObjects.read(client, namespace, cluster);
        Node node = world.nodes.get(instanceId);
        InstanceRecord r = world.records.get(instanceId);
        if (node == null || r == null) {
            throw new BackendException(BackendCode.UNKNOWN_INSTANCE, "cluster " + cluster + " has no instance " + instanceId
                    + " (no node labelled " + Keys.INSTANCE + "=" + instanceId + "); use an id from gpushare status");
        }
        BatchWriter writer = new BatchWriter(client, namespace, world, null, url.devices(), url.componentImage(),
                Admission.of(Catalog.builtIn()));
        Node patch = writer.nodePatch(node.getMetadata().getName(), null, r, reason);
        // the config labels stay as they are: take them from the node rather than recomputing without the spec
        Map<String, String> labels = node.getMetadata().getLabels();
        for (String k : List.of(Keys.MIG_CONFIG, Keys.DEVICE_PLUGIN_CONFIG)) {
            if (labels.containsKey(k)) patch.getMetadata().getLabels().put(k, labels.get(k));
            else patch.getMetadata().getLabels().remove(k);
        }
        Failures.run("mark Node " + node.getMetadata().getName() + " unhealthy", () -> client.nodes().resource(patch)
                .fieldManager(Keys.FIELD_MANAGER).forceConflicts().serverSideApply());
        while (true) {
            Optional<ConfigMap> cm = store.read(cluster);
            long next = StateStore.revision(cm) + 1;
            if (store.writeIfUnchanged(cluster, cm, Map.of(StateEntry.REVISION, Long.toString(next)))) return next;
        }
    }

    @Override
    public List<String> clusters() {
        TreeSet<String> out = new TreeSet<>();
        for (ConfigMap cm : Failures.call("list ConfigMaps " + namespace, () -> client.configMaps().inNamespace(namespace)
                .withLabel(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE).withLabel(Keys.ROLE, "state").list().getItems())) {
            out.add(cm.getMetadata().getLabels().get(Keys.CLUSTER));
        }
        return new ArrayList<>(out);
    }

    /** Deletes the cluster's pods, claims and ConfigMaps and releases its nodes: what carries its labels, nothing else. */
    @Override
    public boolean destroy(String cluster) {
        boolean any = false;
        List<HasMetadata> gone = new ArrayList<>();
        gone.addAll(Failures.call("list Pods", () -> client.pods().inNamespace(namespace).withLabel(Keys.CLUSTER, cluster)
                .withLabel(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE).list().getItems()));
        gone.addAll(Failures.call("list ResourceClaims", () -> client.resources(ResourceClaim.class).inNamespace(namespace)
                .withLabel(Keys.CLUSTER, cluster).withLabel(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE).list().getItems()));
        gone.addAll(Failures.call("list ConfigMaps", () -> client.configMaps().inNamespace(namespace).withLabel(Keys.CLUSTER, cluster)
                .withLabel(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE).list().getItems()));
        Optional<ConfigMap> state = store.read(cluster);
        for (HasMetadata o : gone) {
            if (o instanceof ConfigMap c && c.getMetadata().getName().equals(StateStore.name(cluster))) continue;
            if (o.getMetadata().getDeletionTimestamp() != null) continue; // already going (the kubelet finishes it)
            any = true;
            Failures.run("delete " + o.getKind() + " " + namespace + "/" + o.getMetadata().getName(),
                    () -> client.resource(o).inNamespace(namespace).delete());
        }
        for (Node n : Failures.call("list Nodes", () -> client.nodes().withLabel(Keys.CLUSTER, cluster).list().getItems())) {
            any = true;
            Node empty = new NodeBuilder().withNewMetadata().withName(n.getMetadata().getName()).endMetadata().build();
            Failures.run("release Node " + n.getMetadata().getName(), () -> client.nodes().resource(empty)
                    .fieldManager(Keys.FIELD_MANAGER).forceConflicts().serverSideApply());
        }
        if (state.isPresent() && state.get().getMetadata().getLabels().containsKey(Keys.CLUSTER)) {
            // the revision outlives the cluster, so a plan made before the destroy never applies after it
            any = true;
            while (!store.tombstone(cluster, state)) state = store.read(cluster);
        }
        declared.remove(cluster);
        return any;
    }

    @Override
    public Optional<DeclaredResources> declaredResources() {
        return Optional.of(new ConfigMapDeclared(store));
    }

    @Override
    public String describe() {
        return KubernetesUrl.SCHEME + (url.context() == null ? "" : url.context()) + "?namespace=" + namespace
                + "&devices=" + url.devices().urlValue();
    }

    /** The client, for tools that read what the backend wrote (tests, benchmarks). */
    public KubernetesClient client() {
        return client;
    }

    @Override
    public void close() {
        client.close();
    }
}
