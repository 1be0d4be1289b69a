package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.backend.InstanceSupply;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The objects of one gpushare cluster as the API server has them: its nodes (claimed by label) and
 * their configuration, the live pods of its copies, the free nodes by instance type. Read with one
 * list of nodes and one of pods (plus the MPS daemons when an MPS instance exists).
 */
public final class ClusterObjects {
    static final String ADD_HINT = "add %1$d nodes labelled node.kubernetes.io/instance-type=%2$s"
            + " (a node autoscaler's job: an EKS node group or a Karpenter NodePool)";

    public final String cluster;
    /** instance id → its node. */
    public final Map<String, Node> nodes = new TreeMap<>();
    /** instance id → what gpushare configured there. */
    public final Map<String, InstanceRecord> records = new TreeMap<>();
    /** instance id → why it is unhealthy (absent: healthy). */
    public final Map<String, String> unhealthy = new HashMap<>();
    /** pod name → live pod of this cluster (not terminating; with the old pods a rollout replaced, {@link Keys#REPLACED_BY}). */
    public final Map<String, Pod> pods = new LinkedHashMap<>();
    /** instance type → claimable free nodes, by name. */
    public final Map<String, List<Node>> free = new TreeMap<>();

    private ClusterObjects(String cluster) {
        this.cluster = cluster;
    }

    public static ClusterObjects read(KubernetesClient client, String namespace, String cluster) {
        ClusterObjects o = new ClusterObjects(cluster);
        List<Node> all = Failures.call("list Nodes", () -> client.nodes().list().getItems());
        boolean mps = false;
        for (Node n : all) {
            Map<String, String> labels = n.getMetadata().getLabels() == null ? Map.of() : n.getMetadata().getLabels();
            String owner = labels.get(Keys.CLUSTER);
            if (owner == null) {
                String type = labels.get(Keys.INSTANCE_TYPE);
                if (type != null && NodeHealth.claimable(n)) o.free.computeIfAbsent(type, k -> new ArrayList<>()).add(n);
                continue;
            }
            if (!owner.equals(cluster)) continue;
            String state = n.getMetadata().getAnnotations() == null ? null : n.getMetadata().getAnnotations().get(Keys.INSTANCE_STATE);
            if (state == null) continue; // labelled by hand, never configured: not an instance of gpushare's
            InstanceRecord r = AnnotationJson.instance(state);
            o.nodes.put(r.id(), n);
            o.records.put(r.id(), r);
            for (Gpu g : r.gpus()) mps |= g.mode() == GpuMode.MPS;
        }
        for (List<Node> ns : o.free.values()) ns.sort((a, b) -> a.getMetadata().getName().compareTo(b.getMetadata().getName()));
        Map<String, Pod> daemons = new HashMap<>();
        if (mps) {
            for (Pod p : Failures.call("list Pods app=" + Keys.MPS_DAEMON_APP, () -> client.pods().inAnyNamespace()
                    .withLabel("app", Keys.MPS_DAEMON_APP).list().getItems())) {
                if (p.getSpec() != null && p.getSpec().getNodeName() != null) daemons.put(p.getSpec().getNodeName(), p);
            }
        }
        for (Map.Entry<String, Node> e : o.nodes.entrySet()) {
            String reason = NodeHealth.reason(e.getValue(), daemons.get(e.getValue().getMetadata().getName()));
            if (reason != null) o.unhealthy.put(e.getKey(), reason);
        }
        for (Pod p : Failures.call("list Pods " + namespace + " " + Keys.CLUSTER + "=" + cluster, () -> client.pods()
                .inNamespace(namespace).withLabel(Keys.CLUSTER, cluster).list().getItems())) {
            if (p.getMetadata().getDeletionTimestamp() == null) o.pods.put(p.getMetadata().getName(), p);
        }
        return o;
    }

    /** The snapshot: instances from the nodes, allocations from the pods, the free nodes as supply. */
    public Snapshot snapshot(long revision) {
        Map<String, String> idOfLabel = new HashMap<>();
        for (String id : records.keySet()) idOfLabel.put(Names.labelValue(id), id);
        Map<String, Map<Integer, List<Allocation>>> allocs = new HashMap<>();
        for (Pod p : pods.values()) {
            String id = idOfLabel.get(p.getMetadata().getLabels().get(Keys.INSTANCE));
            String json = p.getMetadata().getAnnotations() == null ? null : p.getMetadata().getAnnotations().get(Keys.ALLOCATIONS);
            if (id == null || json == null) continue; // its instance is gone: the copy is placed anew
            // an old revision's pod that serves until its replacement is Ready: the copy is the replacement
            if (p.getMetadata().getAnnotations().containsKey(Keys.REPLACED_BY)) continue;
            for (PodAllocation a : AnnotationJson.allocations(json)) {
                allocs.computeIfAbsent(id, k -> new HashMap<>()).computeIfAbsent(a.gpu(), k -> new ArrayList<>()).add(a.allocation());
            }
        }
        List<Instance> instances = new ArrayList<>();
        Map<InstanceId, List<String>> layouts = new TreeMap<>();
        for (InstanceRecord r : records.values()) {
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : r.gpus()) {
                List<Allocation> as = allocs.getOrDefault(r.id(), Map.of()).getOrDefault(g.index(), List.of());
                gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), as));
            }
            String reason = unhealthy.get(r.id());
            String type = nodes.get(r.id()).getMetadata().getLabels().get(Keys.INSTANCE_TYPE);
            Owner owner = r.capacityProvider() != null ? new Owner.CapacityProvider(r.capacityProvider()) : new Owner.Endpoint(r.endpoint());
            instances.add(new Instance(InstanceId.parse(r.id()), owner, type, reason == null, reason, gpus));
            if (r.declaredLayout() != null) layouts.put(InstanceId.parse(r.id()), r.declaredLayout());
        }
        FleetState state = dev.gpushare.engine.plan.StateFold.normalize(new FleetState(cluster, instances, List.of()));
        Map<String, Integer> freeCount = new TreeMap<>();
        for (Map.Entry<String, List<Node>> e : free.entrySet()) freeCount.put(e.getKey(), e.getValue().size());
        return new Snapshot(state, revision, layouts, new InstanceSupply(freeCount, ADD_HINT));
    }
}
