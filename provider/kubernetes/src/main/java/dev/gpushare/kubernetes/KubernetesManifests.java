package dev.gpushare.kubernetes;

import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.kubernetes.internal.CopyPods;
import dev.gpushare.kubernetes.internal.DeviceClaims;
import dev.gpushare.kubernetes.internal.Keys;
import dev.gpushare.kubernetes.internal.Names;
import dev.gpushare.kubernetes.internal.NodeConfig;
import dev.gpushare.kubernetes.internal.NodeConfigMaps;
import dev.gpushare.kubernetes.internal.SpecIndex;
import dev.gpushare.model.Spec;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The objects of a placed spec without a cluster, for GitOps ({@code gpushare render kubernetes}):
 * the same ConfigMaps, ResourceClaims and pods the backend writes. Nodes are not objects gpushare
 * writes: the rendering names, per instance, the labels its node must carry. Without a cluster the
 * GPUs' uuids are unknown, so a claim selects by device class (and MIG profile) on the pod's node;
 * the backend, which reads the node's ResourceSlice, pins the exact GPU.
 */
public final class KubernetesManifests {
    private KubernetesManifests() {}

    /** The labels one instance's node must carry (label key → value). */
    public record NodeLabels(String instanceId, String instanceType, Map<String, String> labels) {}

    /** Everything of a rendering: node labels to set, then the objects to apply, in apply order. */
    public record Rendering(List<NodeLabels> nodes, List<HasMetadata> objects) {
        /** A multi-document YAML, the node labels as leading comments; equal input, equal bytes. */
        public String yaml() {
            StringBuilder out = new StringBuilder();
            out.append("# gpushare render kubernetes: apply with kubectl apply --server-side --field-manager=gpushare -f\n");
            out.append("# Label one node per instance first (the kubernetes: backend claims them itself):\n");
            for (NodeLabels n : nodes) {
                out.append("#   ").append(n.instanceId()).append(" (").append(n.instanceType()).append("): kubectl label node NODE");
                n.labels().forEach((k, v) -> out.append(' ').append(k).append('=').append(v));
                out.append('\n');
            }
            for (HasMetadata o : objects) {
                String doc = Serialization.asYaml(o);
                out.append(doc.startsWith("---") ? doc : "---\n" + doc);
                if (!doc.endsWith("\n")) out.append('\n');
            }
            return out.toString();
        }

        /** The objects as one {@code v1 List} in JSON (the node labels are not objects, so they are left out). */
        public String json() {
            return Serialization.asJson(new io.fabric8.kubernetes.api.model.KubernetesListBuilder().withItems(objects).build()) + "\n";
        }
    }

    public static Rendering render(Spec spec, FleetState desired, DeviceMode mode, String namespace, String componentImage) {
        String cluster = desired.cluster();
        SpecIndex index = new SpecIndex(spec);
        List<NodeLabels> nodes = new ArrayList<>();
        List<NodeConfig> configs = new ArrayList<>();
        Map<String, Map<Integer, GpuMode>> modes = new HashMap<>();
        Map<TaskId, List<Placement>> byTask = new TreeMap<>();
        for (Instance i : desired.instances()) {
            List<Gpu> gpus = new ArrayList<>();
            Map<Integer, GpuMode> m = new HashMap<>();
            for (Gpu g : i.gpus()) {
                gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), List.of()));
                m.put(g.index(), g.mode());
                for (Allocation a : g.allocations()) {
                    byTask.computeIfAbsent(a.task(), k -> new ArrayList<>()).add(new Placement(i.id(), g.index(), a));
                }
            }
            modes.put(i.id().toString(), m);
            NodeConfig c = NodeConfig.of(gpus, index.sharing(i.owner() instanceof Owner.CapacityProvider cp ? cp.name() : null), mode);
            configs.add(c);
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put(Keys.CLUSTER, cluster);
            labels.put(Keys.INSTANCE, Names.labelValue(i.id().toString()));
            if (c.migEntryName() != null) labels.put(Keys.MIG_CONFIG, c.migEntryName());
            if (c.pluginEntryName() != null) labels.put(Keys.DEVICE_PLUGIN_CONFIG, c.pluginEntryName());
            nodes.add(new NodeLabels(i.id().toString(), i.instanceType(), labels));
        }
        List<HasMetadata> objects = new ArrayList<>(NodeConfigMaps.of(cluster, namespace, configs));
        Map<String, HasMetadata> claims = new TreeMap<>();
        List<HasMetadata> pods = new ArrayList<>();
        for (Map.Entry<TaskId, List<Placement>> e : byTask.entrySet()) {
            String id = e.getValue().getFirst().instanceId().toString();
            Map<Integer, GpuMode> m = modes.get(id);
            if (mode == DeviceMode.DRA) {
                for (Placement p : e.getValue()) {
                    DeviceClaims.Target t = CopyPods.target(p, m::get);
                    claims.putIfAbsent(t.claimName(cluster), DeviceClaims.claim(cluster, namespace, t, null));
                }
            }
            pods.add(CopyPods.pod(cluster, namespace, e.getKey(), e.getValue(), index, mode, componentImage, m::get));
        }
        objects.addAll(claims.values());
        objects.addAll(pods);
        return new Rendering(nodes, objects);
    }

}
