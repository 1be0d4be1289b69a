package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.kubernetes.DeviceMode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Carries out one batch of actions on the cluster's objects, in the batch's order. Every write is
 * a server-side apply with field manager {@code gpushare} or a delete, so each action is
 * idempotent: rerunning a cut-off batch converges. A move starts the new pod before it deletes the
 * old one. Claims no live pod uses any more are deleted at the end, and the node-configuration
 * ConfigMaps are written before a node's label names a new entry of them.
 */
public final class BatchWriter {
    private final KubernetesClient client;
    private final String namespace;
    private final ClusterObjects world;
    private final SpecIndex spec;
    private final DeviceMode mode;
    private final String componentImage;
    private final Map<String, ResourceClaim> claims = new TreeMap<>();
    private final Map<String, Map<Integer, String>> uuids = new HashMap<>();
    private final Set<String> writtenEntries = new HashSet<>();
    private static final java.util.regex.Pattern MIG_NAME = java.util.regex.Pattern.compile("gpu-([0-9]+)-mig-.*");

    public BatchWriter(KubernetesClient client, String namespace, ClusterObjects world, SpecIndex spec,
                       DeviceMode mode, String componentImage) {
        this.client = client;
        this.namespace = namespace;
        this.world = world;
        this.spec = spec;
        this.mode = mode;
        this.componentImage = componentImage;
        if (mode == DeviceMode.DRA) {
            for (ResourceClaim c : Failures.call("list ResourceClaims " + namespace, () -> client.resources(ResourceClaim.class)
                    .inNamespace(namespace).withLabel(Keys.CLUSTER, world.cluster).list().getItems())) {
                if (c.getMetadata().getDeletionTimestamp() == null) claims.put(c.getMetadata().getName(), c);
            }
        }
        for (InstanceRecord r : world.records.values()) {
            NodeConfig c = config(r);
            if (c.migEntryName() != null) writtenEntries.add(c.migEntryName());
            if (c.pluginEntryName() != null) writtenEntries.add(c.pluginEntryName());
        }
    }

    public void execute(Action action) {
        switch (action) {
            case Action.LaunchInstance l -> launch(l.instance(), l.declaredLayout());
            case Action.ReplaceInstance r -> {
                String id = r.instance().id().toString();
                stopAllOn(id);
                deleteClaimsOf(id, null);
                configure(id, record(r.instance(), r.declaredLayout()));
            }
            case Action.ConfigureGpu c -> {
                String id = c.instanceId().toString();
                InstanceRecord r = world.records.get(id);
                if (r == null) throw missing(id, action);
                List<Gpu> gpus = new ArrayList<>();
                for (Gpu g : r.gpus()) {
                    gpus.add(g.index() != c.gpuIndex() ? g
                            : new Gpu(g.index(), g.model(), g.memoryMiB(), c.mode(), c.fraction(), c.partitions(), List.of()));
                }
                deleteClaimsOf(id, c.gpuIndex()); // a claim's sharing follows the GPU's mode
                configure(id, new InstanceRecord(r.id(), r.capacityProvider(), r.endpoint(), gpus, r.declaredLayout()));
            }
            case Action.PlaceCopy p -> {
                stopOthers(p.task(), startPod(p.task(), p.placements()));
            }
            case Action.MoveCopy m -> {
                stopOthers(m.task(), startPod(m.task(), m.to())); // start before stop, as ECS moves a task
            }
            case Action.StopCopy s -> stopOthers(s.task(), null);
            case Action.TerminateInstance t -> {
                String id = t.instanceId().toString();
                stopAllOn(id);
                deleteClaimsOf(id, null);
                release(id);
            }
            // the rollout record is not kept by this backend yet (a later change: an annotation on
            // the cluster's ConfigMap); the copies' revisions are (pod label)
            case Action.RecordRollout r -> { }
        }
    }

    /** Deletes the claims no live pod uses, and writes the node-configuration ConfigMaps. */
    public void finish() {
        Set<String> used = new HashSet<>();
        for (Pod p : world.pods.values()) {
            if (p.getSpec().getResourceClaims() == null) continue;
            for (PodResourceClaim rc : p.getSpec().getResourceClaims()) used.add(rc.getResourceClaimName());
        }
        for (Iterator<String> it = claims.keySet().iterator(); it.hasNext(); ) {
            String name = it.next();
            if (used.contains(name)) continue;
            deleteClaim(name);
            it.remove();
        }
        writeConfigMaps(List.of());
    }

    // --- instances ------------------------------------------------------------------------------

    private void launch(Instance instance, List<String> declaredLayout) {
        if (world.records.containsKey(instance.id().toString())) { // already claimed (a rerun): configure as launched
            configure(instance.id().toString(), record(instance, declaredLayout));
            return;
        }
        InstanceRecord r = record(instance, declaredLayout);
        ensureEntries(r);
        List<Node> candidates = world.free.getOrDefault(instance.instanceType(), new ArrayList<>());
        while (!candidates.isEmpty()) {
            Node node = candidates.removeFirst();
            try {
                // resourceVersion makes the claim conditional: a node another writer claimed since we read it is refused
                Node claimed = client.nodes().resource(nodePatch(node.getMetadata().getName(), node.getMetadata().getResourceVersion(), r, null))
                        .fieldManager(Keys.FIELD_MANAGER).forceConflicts().serverSideApply();
                world.nodes.put(r.id(), claimed);
                world.records.put(r.id(), r);
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409) throw Failures.of("claim Node " + node.getMetadata().getName() + " for instance " + r.id(), e);
            }
        }
        throw new BackendException(BackendCode.KUBERNETES_NO_FREE_NODE, "no free node of instance type "
                + instance.instanceType() + " is left for instance " + instance.id() + " of cluster " + world.cluster
                + "; " + String.format(ClusterObjects.ADD_HINT, 1, instance.instanceType()) + ", then plan again");
    }

    private void configure(String id, InstanceRecord r) {
        Node node = world.nodes.get(id);
        if (node == null) throw new BackendException(BackendCode.KUBERNETES_REFUSED, "instance " + id + " of cluster "
                + world.cluster + " has no node (it was deleted or its gpushare.dev labels removed); plan again");
        ensureEntries(r);
        world.nodes.put(id, Failures.call("apply Node " + node.getMetadata().getName(), () -> client.nodes()
                .resource(nodePatch(node.getMetadata().getName(), null, r, null))
                .fieldManager(Keys.FIELD_MANAGER).forceConflicts().serverSideApply()));
        world.records.put(id, r);
        world.unhealthy.remove(id);
    }

    private void release(String id) {
        Node node = world.nodes.remove(id);
        world.records.remove(id);
        if (node == null) return;
        // an apply of just the name drops every label and annotation gpushare set (it owns them)
        Node empty = new NodeBuilder().withNewMetadata().withName(node.getMetadata().getName()).endMetadata().build();
        Failures.run("release Node " + node.getMetadata().getName(), () -> client.nodes().resource(empty)
                .fieldManager(Keys.FIELD_MANAGER).forceConflicts().serverSideApply());
    }

    /** What gpushare applies to a claimed node: the cluster and instance labels, the config labels, the record. */
    public Node nodePatch(String nodeName, String resourceVersion, InstanceRecord r, String unhealthyReason) {
        NodeConfig c = config(r);
        Map<String, String> labels = new TreeMap<>();
        labels.put(Keys.CLUSTER, world.cluster);
        labels.put(Keys.INSTANCE, Names.labelValue(r.id()));
        if (c.migEntryName() != null) labels.put(Keys.MIG_CONFIG, c.migEntryName());
        if (c.pluginEntryName() != null) labels.put(Keys.DEVICE_PLUGIN_CONFIG, c.pluginEntryName());
        Map<String, String> ann = new TreeMap<>();
        ann.put(Keys.INSTANCE_STATE, AnnotationJson.write(r));
        if (unhealthyReason != null) ann.put(Keys.UNHEALTHY, unhealthyReason);
        return new NodeBuilder().withNewMetadata().withName(nodeName).withResourceVersion(resourceVersion)
                .withLabels(labels).withAnnotations(ann).endMetadata().build();
    }

    private NodeConfig config(InstanceRecord r) {
        return NodeConfig.of(r.gpus(), spec == null ? null : spec.sharing(r.capacityProvider()), mode);
    }

    private static InstanceRecord record(Instance i, List<String> declaredLayout) {
        List<Gpu> gpus = new ArrayList<>();
        for (Gpu g : i.gpus()) gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), List.of()));
        return new InstanceRecord(i.id().toString(), i.owner() instanceof Owner.CapacityProvider cp ? cp.name() : null,
                i.owner() instanceof Owner.Endpoint e ? e.name() : null, gpus, declaredLayout);
    }

    // --- copies ---------------------------------------------------------------------------------

    /** Starts the copy's pod; returns its name. */
    private String startPod(TaskId task, List<Placement> placements) {
        String id = placements.getFirst().instanceId().toString();
        InstanceRecord r = world.records.get(id);
        if (r == null) throw new BackendException(BackendCode.KUBERNETES_REFUSED, "copy " + task + " is placed on instance "
                + id + ", which cluster " + world.cluster + " does not have on any node; plan again");
        Map<Integer, GpuMode> modes = new HashMap<>();
        for (Gpu g : r.gpus()) modes.put(g.index(), g.mode());
        if (mode == DeviceMode.DRA) {
            for (Placement p : placements) ensureClaim(CopyPods.target(p, modes::get));
        }
        Pod pod = CopyPods.pod(world.cluster, namespace, task, placements, spec, mode, componentImage, modes::get);
        String base = pod.getMetadata().getName();
        for (int attempt = 1; ; attempt++) {
            String name = pod.getMetadata().getName();
            try {
                Pod applied = client.pods().inNamespace(namespace).resource(pod).fieldManager(Keys.FIELD_MANAGER)
                        .forceConflicts().serverSideApply();
                world.pods.put(applied.getMetadata().getName(), applied);
                return applied.getMetadata().getName();
            } catch (KubernetesClientException e) {
                // a pod of this name still terminating (the same copy, stopped moments ago) cannot be
                // changed: start the copy under the next free name instead
                Pod old = e.getCode() == 422 && attempt < 5 ? Failures.call("get Pod " + namespace + "/" + name,
                        () -> client.pods().inNamespace(namespace).withName(name).get()) : null;
                if (old == null || old.getMetadata().getDeletionTimestamp() == null) throw Failures.of("apply Pod " + namespace + "/" + name, e);
                pod.getMetadata().setName(base + "-r" + attempt);
            }
        }
    }

    /** Stops every live pod of {@code task} but {@code keep}. */
    private void stopOthers(TaskId copy, String keep) {
        String task = copy.toString();
        List<String> names = new ArrayList<>();
        for (Pod p : world.pods.values()) {
            String t = p.getMetadata().getAnnotations() == null ? null : p.getMetadata().getAnnotations().get(Keys.TASK);
            if (task.equals(t) && !p.getMetadata().getName().equals(keep)) names.add(p.getMetadata().getName());
        }
        for (String n : names) deletePod(n);
    }

    private void stopAllOn(String id) {
        String label = Names.labelValue(id);
        List<String> names = new ArrayList<>();
        for (Pod p : world.pods.values()) if (label.equals(p.getMetadata().getLabels().get(Keys.INSTANCE))) names.add(p.getMetadata().getName());
        for (String n : names) deletePod(n);
    }

    private void deletePod(String name) {
        Failures.run("delete Pod " + namespace + "/" + name, () -> client.pods().inNamespace(namespace).withName(name).delete());
        world.pods.remove(name);
    }

    // --- claims ---------------------------------------------------------------------------------

    private void ensureClaim(DeviceClaims.Target t) {
        String name = t.claimName(world.cluster);
        if (claims.containsKey(name)) return;
        Node node = world.nodes.get(t.instanceId());
        String uuid = node == null ? null : uuidOf(node.getMetadata().getName(), t.gpu());
        ResourceClaim claim = DeviceClaims.claim(world.cluster, namespace, t, uuid);
        claims.put(name, Failures.call("apply ResourceClaim " + namespace + "/" + name, () -> client.resources(ResourceClaim.class)
                .inNamespace(namespace).resource(claim).fieldManager(Keys.FIELD_MANAGER).forceConflicts().serverSideApply()));
    }

    /** Deletes the claims of an instance's GPU ({@code gpu == null}: of all its GPUs). */
    private void deleteClaimsOf(String id, Integer gpu) {
        String label = Names.labelValue(id);
        for (Iterator<ResourceClaim> it = claims.values().iterator(); it.hasNext(); ) {
            ResourceClaim c = it.next();
            Map<String, String> l = c.getMetadata().getLabels();
            if (!label.equals(l.get(Keys.INSTANCE))) continue;
            if (gpu != null && !gpu.toString().equals(l.get(Keys.GPU))) continue;
            deleteClaim(c.getMetadata().getName());
            it.remove();
        }
    }

    private void deleteClaim(String name) {
        Failures.run("delete ResourceClaim " + namespace + "/" + name, () -> client.resources(ResourceClaim.class)
                .inNamespace(namespace).withName(name).delete());
    }

    /**
     * The uuid the NVIDIA DRA driver publishes for GPU {@code gpu} of the node: the device with
     * attribute {@code index} (older drivers) or named {@code gpu-<gpu>} (the minor number, newer
     * ones); {@code null} when the node has no such slice yet.
     */
    private String uuidOf(String nodeName, int gpu) {
        Map<Integer, String> byIndex = uuids.computeIfAbsent(nodeName, n -> {
            Map<Integer, String> out = new HashMap<>();
            for (ResourceSlice s : Failures.call("list ResourceSlices of node " + n, () -> client.resources(ResourceSlice.class)
                    .withField("spec.nodeName", n).list().getItems())) {
                if (!Keys.DRA_DRIVER.equals(s.getSpec().getDriver()) || s.getSpec().getDevices() == null) continue;
                for (Device d : s.getSpec().getDevices()) {
                    Map<String, DeviceAttribute> a = d.getAttributes() == null ? Map.of() : d.getAttributes();
                    DeviceAttribute type = a.get("type"), uuid = a.get("uuid"), index = a.get("index");
                    if (type == null || uuid == null) continue;
                    if ("mig".equals(type.getString())) { // a MIG-enabled GPU shows through its instances' parent
                        DeviceAttribute parent = a.get("parentUUID");
                        java.util.regex.Matcher m = MIG_NAME.matcher(d.getName());
                        if (parent != null && m.matches()) out.putIfAbsent(Integer.parseInt(m.group(1)), parent.getString());
                    } else if ("gpu".equals(type.getString())) {
                        if (index != null && index.getInt() != null) out.put(index.getInt().intValue(), uuid.getString());
                        else if (d.getName().matches("gpu-[0-9]+")) out.putIfAbsent(Integer.parseInt(d.getName().substring(4)), uuid.getString());
                    }
                }
            }
            return out;
        });
        return byIndex.get(gpu);
    }

    // --- node configuration ---------------------------------------------------------------------

    /** Writes the ConfigMaps first when {@code r} names an entry they do not have yet. */
    private void ensureEntries(InstanceRecord r) {
        NodeConfig c = config(r);
        boolean fresh = (c.migEntryName() != null && !writtenEntries.contains(c.migEntryName()))
                || (c.pluginEntryName() != null && !writtenEntries.contains(c.pluginEntryName()));
        if (fresh) writeConfigMaps(List.of(c));
    }

    private void writeConfigMaps(List<NodeConfig> extra) {
        List<NodeConfig> configs = new ArrayList<>(extra);
        for (InstanceRecord r : world.records.values()) configs.add(config(r));
        Map<String, ConfigMap> wanted = new LinkedHashMap<>();
        for (ConfigMap cm : NodeConfigMaps.of(world.cluster, namespace, configs)) wanted.put(cm.getMetadata().getName(), cm);
        writtenEntries.clear();
        for (NodeConfig c : configs) {
            if (c.migEntryName() != null) writtenEntries.add(c.migEntryName());
            if (c.pluginEntryName() != null) writtenEntries.add(c.pluginEntryName());
        }
        for (String name : List.of(NodeConfigMaps.migName(world.cluster), NodeConfigMaps.pluginName(world.cluster))) {
            ConfigMap cm = wanted.get(name);
            if (cm != null) {
                Failures.run("apply ConfigMap " + namespace + "/" + name, () -> client.configMaps().inNamespace(namespace)
                        .resource(cm).fieldManager(Keys.FIELD_MANAGER).forceConflicts().serverSideApply());
            } else {
                Failures.run("delete ConfigMap " + namespace + "/" + name, () -> client.configMaps().inNamespace(namespace)
                        .withName(name).delete());
            }
        }
    }

    private BackendException missing(String id, Action action) {
        return new BackendException(BackendCode.KUBERNETES_REFUSED, action.kind() + " names instance " + id
                + ", which cluster " + world.cluster + " does not have on any node; plan again");
    }
}
