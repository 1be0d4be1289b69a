package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
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
import java.util.TreeSet;

/**
 * Carries out one batch of actions on the cluster's objects, in the batch's order. What to write is
 * not decided here: {@link StateFold} folds each action over the state read from the objects, and
 * the writer turns the difference it makes into objects — nodes claimed, configured or released,
 * one pod per copy at its folded placements. Every write is a server-side apply with field manager
 * {@code gpushare} or a delete, so each action is idempotent: rerunning a cut-off batch converges.
 * A move starts the new pod before it deletes the old one, except where the new pod takes the old
 * one's name (same instance, GPU, device and revision, other limits): a pod's resources cannot be
 * changed, so it is deleted, then created again. A rollout's move (another revision) does not
 * delete a Ready old pod: it is marked {@link Keys#REPLACED_BY} and serves until the new pod is
 * Ready ({@link PodReadiness}), or until the next batch, which deletes it first unless it moves
 * that copy back (a rollback: the old pod is the copy's pod again, unmarked, never restarted). Claims no live pod uses any more are deleted at
 * the end, and the node-configuration ConfigMaps are written before a node's label names a new
 * entry of them.
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
    /** The old pods this batch marked as replaced ({@link Keys#REPLACED_BY}): they serve until their replacements are Ready. */
    private final Set<String> drained = new HashSet<>();
    /** The state as the actions so far leave it: what the objects are written to. */
    private final StateFold.Fold fold;
    private final Admission admission;
    private static final java.util.regex.Pattern MIG_NAME = java.util.regex.Pattern.compile("gpu-([0-9]+)-mig-.*");

    /**
     * @param admission what a GPU holds (the batch's own capacity check): whether a moved copy's old
     *                  pod may run until the new one started
     */
    public BatchWriter(KubernetesClient client, String namespace, ClusterObjects world, SpecIndex spec,
                       DeviceMode mode, String componentImage, Admission admission) {
        this.client = client;
        this.admission = admission;
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
        fold = StateFold.Fold.of(world.snapshot(0), false);
        for (InstanceRecord r : world.records.values()) {
            NodeConfig c = config(r);
            if (c.migEntryName() != null) writtenEntries.add(c.migEntryName());
            if (c.pluginEntryName() != null) writtenEntries.add(c.pluginEntryName());
        }
    }

    /**
     * Writes what {@code action} changes, as {@link StateFold} says: the fold steps the action, and
     * the instances it names and the copies whose allocations it changes are written as the
     * difference between before and after. Within the action the order keeps the batch's capacity
     * order: pods that must go first (a stopped copy, a copy whose pod cannot be changed in place)
     * are deleted, then nodes are released, claimed or configured, then new pods start, and only
     * then do a moved copy's old pods stop (start before stop, as ECS moves a task).
     */
    public void execute(Action action) {
        List<InstanceId> named = StateFold.named(action);
        Map<InstanceId, Instance> before = new LinkedHashMap<>();
        for (InstanceId id : named) before.putIfAbsent(id, fold.instance(id));
        Set<TaskId> tasks = new TreeSet<>();
        List<Placement> to = switch (action) {
            case Action.PlaceCopy p -> { tasks.add(p.task()); yield p.placements(); }
            case Action.MoveCopy m -> { tasks.add(m.task()); yield m.to(); }
            case Action.StopCopy s -> { tasks.add(s.task()); yield List.of(); }
            default -> List.of();
        };
        for (Placement p : to) {
            if (fold.instance(p.instanceId()) == null) {
                throw new BackendException(BackendCode.KUBERNETES_REFUSED, "copy " + p.allocation().task() + " is placed on instance "
                        + p.instanceId() + ", which cluster " + world.cluster + " does not have on any node; plan again");
            }
        }
        fold.step(action);
        for (Map.Entry<InstanceId, Instance> e : before.entrySet()) changedTasks(e.getValue(), fold.instance(e.getKey()), tasks);

        // 1. pods that must go before anything starts: a copy with no placement left, a pod whose
        //    replacement has its name (a pod's resources cannot change: it is recreated), a pod
        //    whose GPU cannot hold it next to its replacement (the batch's check folds a move as
        //    stop, then start: that is the order it approved)
        record Wanted(List<Placement> placements, Pod pod) {}
        Map<TaskId, Wanted> wanted = new LinkedHashMap<>();
        for (TaskId task : tasks) {
            List<Placement> placements = placements(task);
            Pod pod = placements.isEmpty() ? null : desiredPod(task, placements);
            for (Pod live : livePods(task)) {
                if (pod == null) deletePod(live.getMetadata().getName());
                else if (live.getMetadata().getName().equals(pod.getMetadata().getName()) ? !CopyPods.same(pod, live)
                        : !CopyPods.same(pod, live) && !fitsBeside(live, placements)) {
                    deletePod(live.getMetadata().getName());
                }
            }
            if (pod != null) wanted.put(task, new Wanted(placements, pod));
        }
        // 2. the nodes: released, claimed or configured as the folded instance says
        for (Map.Entry<InstanceId, Instance> e : before.entrySet()) writeInstance(e.getKey(), e.getValue(), fold.instance(e.getKey()));
        // 3. new pods, 4. then the copies' other pods stop
        //    (a Ready pod of another revision serves on until its replacement is Ready: it is marked, not deleted)
        for (Map.Entry<TaskId, Wanted> e : wanted.entrySet()) {
            String keep = startPod(e.getKey(), e.getValue().placements(), e.getValue().pod());
            for (Pod live : livePods(e.getKey())) {
                if (live.getMetadata().getName().equals(keep)) continue;
                if (replacedBy(live, e.getValue().pod())) drain(live, keep);
                else deletePod(live.getMetadata().getName());
            }
        }
    }

    /**
     * True when {@code live} is a Ready pod of another revision than {@code next}: a rollout's old
     * copy, which serves until {@code next} is Ready ({@link PodReadiness} deletes it then). A pod
     * not Ready serves nothing and goes at once (a rollback's un-Ready new pod among them).
     */
    private static boolean replacedBy(Pod live, Pod next) {
        String was = live.getMetadata().getLabels().get(Keys.REVISION), now = next.getMetadata().getLabels().get(Keys.REVISION);
        return was != null && now != null && !was.equals(now) && PodReadiness.ready(live);
    }

    /** Marks {@code live} as replaced by pod {@code by}: out of the state, serving until {@code by} is Ready. */
    private void drain(Pod live, String by) {
        String name = live.getMetadata().getName();
        Pod marked = Failures.call("annotate Pod " + namespace + "/" + name, () -> client.pods().inNamespace(namespace)
                .withName(name).edit(p -> {
                    p.getMetadata().getAnnotations().put(Keys.REPLACED_BY, by);
                    return p;
                }));
        world.pods.put(name, marked);
        drained.add(name);
    }

    /** A marked old pod that a batch makes its copy's pod again (a rollback): unmarked, it goes on serving. */
    private Pod undrain(Pod live) {
        String name = live.getMetadata().getName();
        Pod unmarked = Failures.call("annotate Pod " + namespace + "/" + name, () -> client.pods().inNamespace(namespace)
                .withName(name).edit(p -> {
                    p.getMetadata().getAnnotations().remove(Keys.REPLACED_BY);
                    return p;
                }));
        world.pods.put(name, unmarked);
        drained.remove(name);
        return unmarked;
    }

    /**
     * Before a batch: the old pods earlier batches marked ({@link Keys#REPLACED_BY}) whose copies
     * {@code batch} does not touch are deleted — their wave's wait for readiness is over (a
     * replacement that became Ready deleted its old pod already); those of copies it touches stay
     * for the batch to decide (a rollback makes them the copies' pods again).
     */
    public void retireReplaced(List<Action> batch) {
        Set<String> touched = new HashSet<>();
        for (Action a : batch) {
            switch (a) {
                case Action.PlaceCopy p -> touched.add(p.task().toString());
                case Action.MoveCopy m -> touched.add(m.task().toString());
                case Action.StopCopy st -> touched.add(st.task().toString());
                default -> { }
            }
        }
        for (Pod p : new ArrayList<>(world.pods.values())) {
            if (PodReadiness.annotation(p, Keys.REPLACED_BY) != null && !touched.contains(PodReadiness.annotation(p, Keys.TASK))) {
                deletePod(p.getMetadata().getName());
            }
        }
    }

    /**
     * True when the old pod {@code live} of a copy may run until its new placements started: it
     * shares no GPU with them, or {@link Admission} finds room for both there (as a rollout's
     * start-first wave planned it).
     */
    private boolean fitsBeside(Pod live, List<Placement> placements) {
        String label = live.getMetadata().getLabels() == null ? null : live.getMetadata().getLabels().get(Keys.INSTANCE);
        String json = live.getMetadata().getAnnotations() == null ? null : live.getMetadata().getAnnotations().get(Keys.ALLOCATIONS);
        if (label == null || json == null) return true;
        Placement first = placements.getFirst();
        if (!label.equals(Names.labelValue(first.instanceId().toString()))) return true; // another instance
        Set<Integer> gpus = new HashSet<>();
        for (Placement p : placements) gpus.add(p.gpuIndex());
        List<PodAllocation> old = AnnotationJson.allocations(json);
        if (old.stream().noneMatch(a -> gpus.contains(a.gpu()))) return true;
        // the instance at the moment both run: the old copy's allocations kept, under an id of their own
        Instance now = fold.instance(first.instanceId());
        TaskId stopping = new TaskId(first.allocation().task().group(), Integer.MAX_VALUE);
        List<Gpu> peak = new ArrayList<>();
        for (Gpu g : now.gpus()) {
            List<Allocation> as = new ArrayList<>(g.allocations());
            for (PodAllocation a : old) {
                if (a.gpu() != g.index()) continue;
                Allocation x = a.allocation();
                as.add(new Allocation(stopping, x.container(), x.memoryMiB(), x.maxComputePercent(), x.partition(), x.env(), x.revision()));
            }
            peak.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), as));
        }
        return admission.check(now.withGpus(peak)).isEmpty();
    }

    /** Adds to {@code tasks} every task whose allocations on one instance differ between {@code was} and {@code now}. */
    private static void changedTasks(Instance was, Instance now, Set<TaskId> tasks) {
        Map<TaskId, List<String>> a = allocationsByTask(was), b = allocationsByTask(now);
        for (TaskId t : a.keySet()) if (!a.get(t).equals(b.get(t))) tasks.add(t);
        for (TaskId t : b.keySet()) if (!b.get(t).equals(a.get(t))) tasks.add(t);
    }

    private static Map<TaskId, List<String>> allocationsByTask(Instance i) {
        Map<TaskId, List<String>> out = new HashMap<>();
        if (i == null) return out;
        for (Gpu g : i.gpus()) {
            for (Allocation a : g.allocations()) out.computeIfAbsent(a.task(), k -> new ArrayList<>()).add(g.index() + ":" + a);
        }
        for (List<String> l : out.values()) l.sort(null);
        return out;
    }

    /** Where the fold has the copy now: by instance, GPU index, container. */
    private List<Placement> placements(TaskId task) {
        List<Placement> out = new ArrayList<>();
        for (InstanceId id : new TreeSet<>(fold.holding(task))) {
            Instance i = fold.instance(id);
            if (i == null) continue;
            List<Gpu> gpus = new ArrayList<>(i.gpus());
            gpus.sort(java.util.Comparator.comparingInt(Gpu::index));
            for (Gpu g : gpus) {
                List<Allocation> mine = new ArrayList<>();
                for (Allocation a : g.allocations()) if (a.task().equals(task)) mine.add(a);
                mine.sort(java.util.Comparator.comparing(Allocation::container));
                for (Allocation a : mine) out.add(new Placement(id, g.index(), a));
            }
        }
        return out;
    }

    /** The released, claimed or configured node of an instance, as the fold changed it. */
    private void writeInstance(InstanceId instanceId, Instance was, Instance now) {
        String id = instanceId.toString();
        if (now == null) {
            if (was == null && !world.records.containsKey(id)) return;
            stopAllOn(id);
            deleteClaimsOf(id, null);
            release(id);
            return;
        }
        InstanceRecord r = record(now, fold.layout(instanceId));
        if (was == null && !world.records.containsKey(id)) {
            launch(now, r);
            return;
        }
        InstanceRecord had = world.records.get(id);
        if (had == null) throw missing(id);
        boolean healed = world.unhealthy.containsKey(id) && now.healthy();
        if (r.equals(had) && !healed) return;
        Map<Integer, Gpu> old = new HashMap<>();
        for (Gpu g : had.gpus()) old.put(g.index(), g);
        for (Gpu g : r.gpus()) if (!g.equals(old.get(g.index()))) deleteClaimsOf(id, g.index()); // a claim's sharing follows the GPU's mode
        configure(id, r, now.healthy() ? null : mark(id));
    }

    /** The reason {@code instance mark-unhealthy} left on the node, kept while the instance stays unhealthy. */
    private String mark(String id) {
        Node n = world.nodes.get(id);
        return n == null || n.getMetadata().getAnnotations() == null ? null : n.getMetadata().getAnnotations().get(Keys.UNHEALTHY);
    }

    /**
     * Deletes the marked old pods of earlier batches that this one kept for its copies and did not
     * make their pods again, the claims no live pod uses, and writes the node-configuration ConfigMaps.
     */
    public void finish() {
        for (Pod p : new ArrayList<>(world.pods.values())) {
            String name = p.getMetadata().getName();
            if (PodReadiness.annotation(p, Keys.REPLACED_BY) != null && !drained.contains(name)) deletePod(name);
        }
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

    private void launch(Instance instance, InstanceRecord r) {
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

    private void configure(String id, InstanceRecord r, String unhealthyReason) {
        Node node = world.nodes.get(id);
        if (node == null) throw new BackendException(BackendCode.KUBERNETES_REFUSED, "instance " + id + " of cluster "
                + world.cluster + " has no node (it was deleted or its gpushare.dev labels removed); plan again");
        ensureEntries(r);
        world.nodes.put(id, Failures.call("apply Node " + node.getMetadata().getName(), () -> client.nodes()
                .resource(nodePatch(node.getMetadata().getName(), null, r, unhealthyReason))
                .fieldManager(Keys.FIELD_MANAGER).forceConflicts().serverSideApply()));
        world.records.put(id, r);
        if (unhealthyReason == null) world.unhealthy.remove(id);
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

    /** The copy's pod for its placements. */
    private Pod desiredPod(TaskId task, List<Placement> placements) {
        // the GPUs' modes as folded (a placement is on an instance the fold holds)
        Map<Integer, GpuMode> modes = new HashMap<>();
        for (Gpu g : fold.instance(placements.getFirst().instanceId()).gpus()) modes.put(g.index(), g.mode());
        return CopyPods.pod(world.cluster, namespace, task, placements, spec, mode, componentImage, modes::get, this::claimName);
    }

    /** Starts the copy's pod (unchanged when it runs already: a rerun, or a rollback to a marked old pod); returns its name. */
    private String startPod(TaskId task, List<Placement> placements, Pod pod) {
        for (Pod live : livePods(task)) {
            if (!CopyPods.same(pod, live)) continue;
            if (PodReadiness.annotation(live, Keys.REPLACED_BY) != null) undrain(live);
            return live.getMetadata().getName();
        }
        String id = placements.getFirst().instanceId().toString();
        InstanceRecord r = world.records.get(id);
        if (r == null) throw new BackendException(BackendCode.KUBERNETES_REFUSED, "copy " + task + " is placed on instance "
                + id + ", which cluster " + world.cluster + " does not have on any node; plan again");
        Map<Integer, GpuMode> modes = new HashMap<>();
        for (Gpu g : r.gpus()) modes.put(g.index(), g.mode());
        if (mode == DeviceMode.DRA) {
            for (Placement p : placements) ensureClaim(CopyPods.target(p, modes::get));
            pod = desiredPod(task, placements); // with the claims' names as created
        }
        String base = pod.getMetadata().getName();
        for (int attempt = 1; ; attempt++) {
            String name = pod.getMetadata().getName();
            try {
                Pod applied = client.pods().inNamespace(namespace).resource(pod).fieldManager(Keys.FIELD_MANAGER)
                        .forceConflicts().serverSideApply();
                world.pods.put(applied.getMetadata().getName(), applied);
                return applied.getMetadata().getName();
            } catch (KubernetesClientException e) {
                // a pod of this name still terminating (the same copy, stopped or recreated moments ago)
                // cannot be changed: start the copy under the next free name instead
                Pod old = e.getCode() == 422 && attempt < 5 ? Failures.call("get Pod " + namespace + "/" + name,
                        () -> client.pods().inNamespace(namespace).withName(name).get()) : null;
                if (old == null || old.getMetadata().getDeletionTimestamp() == null) throw Failures.of("apply Pod " + namespace + "/" + name, e);
                pod.getMetadata().setName(base + "-r" + attempt);
            }
        }
    }

    /** The live pods of a copy. */
    private List<Pod> livePods(TaskId copy) {
        String task = copy.toString();
        List<Pod> out = new ArrayList<>();
        for (Pod p : world.pods.values()) {
            String t = p.getMetadata().getAnnotations() == null ? null : p.getMetadata().getAnnotations().get(Keys.TASK);
            if (task.equals(t)) out.add(p);
        }
        return out;
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

    /**
     * The claim for {@code t}, created when none of its names holds it yet; returns its name. The
     * name is the target's ({@link DeviceClaims.Target#claimName}) unless that is taken by a claim
     * still terminating (deleted by a destroy or a termination, held by its finalizer until its
     * pods are gone) or by one for another device (an earlier instance of the same id on another
     * node): then {@code -r1}, {@code -r2}, … A claim's device cannot change (HTTP 422, field is
     * immutable), so a taken name is never written again.
     */
    private String ensureClaim(DeviceClaims.Target t) {
        ResourceClaim want = wantedClaim(t);
        String base = t.claimName(world.cluster);
        for (String name : claimNames(base)) {
            ResourceClaim have = claims.get(name);
            if (have != null) {
                if (DeviceClaims.same(want, have)) return name;
                continue;
            }
            want.getMetadata().setName(name);
            try {
                ResourceClaim applied = client.resources(ResourceClaim.class).inNamespace(namespace).resource(want)
                        .fieldManager(Keys.FIELD_MANAGER).forceConflicts().serverSideApply();
                if (applied.getMetadata().getDeletionTimestamp() == null) {
                    claims.put(name, applied);
                    return name;
                }
                // the same claim, deleted moments ago and still held by its finalizer: not for new pods
            } catch (KubernetesClientException e) {
                if (e.getCode() != 422 && e.getCode() != 409) throw Failures.of("apply ResourceClaim " + namespace + "/" + name, e);
            }
        }
        throw new BackendException(BackendCode.KUBERNETES_REFUSED, "ResourceClaims " + base + " to " + base + "-r9 in namespace "
                + namespace + " are all taken by claims for other devices or still terminating; delete them"
                + " (kubectl delete resourceclaim -l " + Keys.CLUSTER + "=" + world.cluster + ") and apply again");
    }

    /** The name of the live claim for {@code t} (one of its names), or its first name when there is none yet. */
    private String claimName(DeviceClaims.Target t) {
        ResourceClaim want = wantedClaim(t);
        String base = t.claimName(world.cluster);
        for (String name : claimNames(base)) {
            ResourceClaim have = claims.get(name);
            if (have != null && DeviceClaims.same(want, have)) return name;
        }
        return base;
    }

    /** The names a claim may have, in the order they are taken: {@code base}, then {@code base-r1} to {@code base-r9}. */
    private static List<String> claimNames(String base) {
        List<String> names = new ArrayList<>(List.of(base));
        for (int attempt = 1; attempt < 10; attempt++) names.add(base + "-r" + attempt);
        return names;
    }

    private ResourceClaim wantedClaim(DeviceClaims.Target t) {
        Node node = world.nodes.get(t.instanceId());
        String uuid = node == null ? null : uuidOf(node.getMetadata().getName(), t.gpu());
        return DeviceClaims.claim(world.cluster, namespace, t, uuid);
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

    private BackendException missing(String id) {
        return new BackendException(BackendCode.KUBERNETES_REFUSED, "the batch names instance " + id
                + ", which cluster " + world.cluster + " does not have on any node; plan again");
    }
}
