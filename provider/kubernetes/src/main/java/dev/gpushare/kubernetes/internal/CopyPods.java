package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.kubernetes.DeviceMode;
import dev.gpushare.model.Container;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.HealthCheck;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceClaim;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * One pod per copy: every container of the task definition (an inference component's copy runs
 * the backend's component image with {@code GPUSHARE_MODEL}), pinned to the instance's node by
 * its labels, each GPU container with the allocation's environment and its device: references to
 * the GPU's ResourceClaim (DRA) or the device plugin's extended resources.
 *
 * <p>{@code NVIDIA_VISIBLE_DEVICES} is not set on the container: the claim or the device plugin
 * decides what the container sees, and the host's index would be wrong inside it. It is kept,
 * with the rest of the allocation, in the pod's annotation that status reads back. The revision the
 * copy runs is its label {@code gpushare.dev/revision} (and in the annotation); it is part of the
 * pod's name, so a rollout starts a new pod before the old one is deleted.
 */
public final class CopyPods {
    /** Host CPU: ECS counts 1024 units per vCPU, Kubernetes 1000 millicores. */
    private static final int CPU_UNITS_PER_VCPU = 1024;
    private static final String VISIBLE_DEVICES = "NVIDIA_VISIBLE_DEVICES";

    private CopyPods() {}


    /** The claim of a placement's device. */
    public static DeviceClaims.Target target(Placement p, IntFunction<GpuMode> modeOfGpu) {
        Allocation.PartitionRef part = p.allocation().partition();
        return part == null
                ? new DeviceClaims.Target(p.instanceId().toString(), p.gpuIndex(), modeOfGpu.apply(p.gpuIndex()), null, null)
                : new DeviceClaims.Target(p.instanceId().toString(), p.gpuIndex(), GpuMode.MIG, part.profile(), part.start());
    }

    /** The pod's name: changes with the placement, so a move starts a new pod next to the old one. */
    public static String podName(String cluster, TaskId task, List<Placement> placements) {
        StringBuilder where = new StringBuilder();
        for (Placement p : placements) {
            where.append(p.instanceId()).append('/').append(p.gpuIndex()).append('/').append(p.allocation().container());
            if (p.allocation().partition() != null) where.append('/').append(p.allocation().partition());
            // a new revision is a new pod next to the old one, as a move is
            if (p.allocation().revision() != null) where.append('@').append(p.allocation().revision());
            where.append(';');
        }
        return Names.objectName(cluster, task.group(), Integer.toString(task.ordinal()), Names.hash(where.toString(), 8));
    }

    public static Pod pod(String cluster, String namespace, TaskId task, List<Placement> placements,
                          SpecIndex spec, DeviceMode mode, String componentImage, IntFunction<GpuMode> modeOfGpu) {
        return pod(cluster, namespace, task, placements, spec, mode, componentImage, modeOfGpu, t -> t.claimName(cluster));
    }

    /** As above, with the name of each device's claim ({@code claimName}: the backend's, which may carry a suffix). */
    public static Pod pod(String cluster, String namespace, TaskId task, List<Placement> placements, SpecIndex spec,
                          DeviceMode mode, String componentImage, IntFunction<GpuMode> modeOfGpu,
                          java.util.function.Function<DeviceClaims.Target, String> claimName) {
        TaskId copy = task;
        SpecIndex.Workload workload = spec.workload(copy.group(), placements.getFirst().allocation().revision()).orElseThrow(() -> new IllegalArgumentException(
                "the spec has no service or inference component " + copy.group() + " for copy " + task));
        String instanceId = placements.getFirst().instanceId().toString();

        // per container: its allocations (one per GPU) and the claims they use
        Map<String, List<Placement>> byContainer = new LinkedHashMap<>();
        for (Placement p : placements) byContainer.computeIfAbsent(p.allocation().container(), k -> new ArrayList<>()).add(p);
        Map<String, PodResourceClaim> claimRefs = new TreeMap<>();

        List<io.fabric8.kubernetes.api.model.Container> containers = new ArrayList<>();
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE);
        labels.put(Keys.CLUSTER, cluster);
        labels.put(Keys.INSTANCE, Names.labelValue(instanceId));
        labels.put(Keys.COPY, Integer.toString(copy.ordinal()));
        Revision revision = placements.getFirst().allocation().revision();
        if (revision != null && revision.wellFormed()) labels.put(Keys.REVISION, revision.value());
        switch (workload) {
            case SpecIndex.Workload.OfService s -> {
                labels.put(Keys.SERVICE, s.service().name());
                boolean first = true;
                for (Container c : s.task().containers()) {
                    ContainerBuilder cb = new ContainerBuilder().withName(c.name()).withImage(c.image());
                    runs(cb, c);
                    if (first) {
                        Map<String, Quantity> requests = new TreeMap<>();
                        if (s.task().cpu() != null) {
                            requests.put("cpu", new Quantity((s.task().cpu() * 1000L + CPU_UNITS_PER_VCPU - 1) / CPU_UNITS_PER_VCPU + "m"));
                        }
                        if (s.task().memoryMiB() != null) requests.put("memory", new Quantity(s.task().memoryMiB() + "Mi"));
                        if (!requests.isEmpty()) cb.editOrNewResources().withRequests(requests).endResources();
                        first = false;
                    }
                    device(claimName, cb, byContainer.getOrDefault(c.name(), List.of()), c.gpu(), mode, modeOfGpu, claimRefs);
                    containers.add(cb.build());
                }
            }
            case SpecIndex.Workload.OfComponent ic -> {
                labels.put(Keys.COMPONENT, ic.component().name());
                ContainerBuilder cb = new ContainerBuilder()
                        .withName(Names.objectName(ic.component().model()).replace('.', '-'))
                        .withImage(componentImage)
                        .addNewEnv().withName("GPUSHARE_MODEL").withValue(ic.component().model()).endEnv();
                if (ic.component().hostMemoryMiB() != null) {
                    cb.editOrNewResources().withRequests(Map.of("memory", new Quantity(ic.component().hostMemoryMiB() + "Mi"))).endResources();
                }
                List<Placement> mine = new ArrayList<>();
                for (List<Placement> ps : byContainer.values()) mine.addAll(ps);
                device(claimName, cb, mine, null, mode, modeOfGpu, claimRefs);
                containers.add(cb.build());
            }
        }

        List<PodAllocation> allocations = new ArrayList<>();
        for (Placement p : placements) allocations.add(new PodAllocation(p.gpuIndex(), p.allocation()));
        PodBuilder pb = new PodBuilder()
                .withNewMetadata()
                    .withName(podName(cluster, task, placements))
                    .withNamespace(namespace)
                    .withLabels(labels)
                    .withAnnotations(new TreeMap<>(Map.of(Keys.TASK, task.toString(), Keys.ALLOCATIONS, AnnotationJson.write(allocations))))
                .endMetadata()
                .withNewSpec()
                    .withNodeSelector(new TreeMap<>(Map.of(Keys.CLUSTER, cluster, Keys.INSTANCE, Names.labelValue(instanceId))))
                    .withTolerations(new TolerationBuilder().withKey(Keys.GPU_RESOURCE).withOperator("Exists")
                            .withEffect("NoSchedule").build())
                    .withContainers(containers)
                .endSpec();
        if (!claimRefs.isEmpty()) pb.editSpec().withResourceClaims(new ArrayList<>(claimRefs.values())).endSpec();
        return pb.build();
    }

    /**
     * What the container runs beyond its image, in Kubernetes' names: ECS's entryPoint is the
     * container's {@code command}, ECS's command its {@code args}; the environment in the order
     * given (before the allocation's, whose names the spec may not use); the health check is the
     * readiness probe: exec of its command ({@code CMD-SHELL} through {@code /bin/sh -c}),
     * periodSeconds = interval, timeoutSeconds = timeout, failureThreshold = retries,
     * initialDelaySeconds = startPeriod (ECS's defaults filled in: 30, 5, 3, 0).
     */
    static void runs(ContainerBuilder cb, Container c) {
        if (c.entryPoint() != null) cb.withCommand(c.entryPoint());
        if (c.command() != null) cb.withArgs(c.command());
        for (EnvironmentVariable v : c.env()) cb.addToEnv(new EnvVar(v.name(), v.value(), null));
        HealthCheck h = c.healthCheck();
        if (h != null && !h.exec().isEmpty()) {
            cb.withNewReadinessProbe()
                    .withNewExec().withCommand(h.exec()).endExec()
                    .withPeriodSeconds(h.intervalSeconds())
                    .withTimeoutSeconds(h.timeoutSeconds())
                    .withFailureThreshold(h.retriesCount())
                    .withInitialDelaySeconds(h.startPeriodSeconds())
                    .endReadinessProbe();
        }
    }

    /**
     * True when {@code live} runs what {@code wanted} describes: the same copy, allocations, node
     * selector, containers (image, environment, resources) and claims, whatever its name (a pod
     * recreated while its old namesake terminated runs under another). What the API server adds
     * (defaults, status) is not compared.
     */
    public static boolean same(Pod wanted, Pod live) {
        return view(wanted).equals(view(live));
    }

    private static List<Object> view(Pod p) {
        Map<String, String> ann = p.getMetadata().getAnnotations() == null ? Map.of() : p.getMetadata().getAnnotations();
        List<Object> containers = new ArrayList<>();
        for (io.fabric8.kubernetes.api.model.Container c : p.getSpec().getContainers()) {
            List<String> env = new ArrayList<>();
            if (c.getEnv() != null) for (EnvVar e : c.getEnv()) env.add(e.getName() + "=" + e.getValue());
            io.fabric8.kubernetes.api.model.ResourceRequirements r = c.getResources();
            List<String> claims = new ArrayList<>();
            if (r != null && r.getClaims() != null) for (ResourceClaim rc : r.getClaims()) claims.add(rc.getName() + "/" + rc.getRequest());
            containers.add(List.of(c.getName(), String.valueOf(c.getImage()), env, claims,
                    amounts(r == null ? null : r.getRequests()), amounts(r == null ? null : r.getLimits())));
        }
        List<String> podClaims = new ArrayList<>();
        if (p.getSpec().getResourceClaims() != null) {
            for (PodResourceClaim c : p.getSpec().getResourceClaims()) podClaims.add(c.getName() + "=" + c.getResourceClaimName());
        }
        Map<String, String> labels = p.getMetadata().getLabels() == null ? Map.of() : p.getMetadata().getLabels();
        return List.of(new TreeMap<>(labels), String.valueOf(ann.get(Keys.TASK)), String.valueOf(ann.get(Keys.ALLOCATIONS)),
                p.getSpec().getNodeSelector() == null ? Map.of() : new TreeMap<>(p.getSpec().getNodeSelector()), containers, podClaims);
    }

    private static Map<String, java.math.BigDecimal> amounts(Map<String, Quantity> q) {
        Map<String, java.math.BigDecimal> out = new TreeMap<>();
        if (q != null) for (Map.Entry<String, Quantity> e : q.entrySet()) out.put(e.getKey(), e.getValue().getNumericalAmount().stripTrailingZeros());
        return out;
    }

    /** The container's environment and its device request. */
    private static void device(java.util.function.Function<DeviceClaims.Target, String> claimName, ContainerBuilder cb, List<Placement> mine, GpuRequirement gpu, DeviceMode mode,
                               IntFunction<GpuMode> modeOfGpu, Map<String, PodResourceClaim> claimRefs) {
        if (mine.isEmpty()) return;
        Map<String, String> env = new TreeMap<>();
        for (Placement p : mine) env.putAll(p.allocation().env());
        env.remove(VISIBLE_DEVICES);
        for (Map.Entry<String, String> e : env.entrySet()) cb.addToEnv(new EnvVar(e.getKey(), e.getValue(), null));
        switch (mode) {
            case DRA -> {
                List<ResourceClaim> uses = new ArrayList<>();
                for (Placement p : mine) {
                    DeviceClaims.Target t = target(p, modeOfGpu);
                    claimRefs.putIfAbsent(t.referenceName(), new PodResourceClaim(t.referenceName(), claimName.apply(t), null));
                    uses.add(new ResourceClaim(t.referenceName(), DeviceClaims.REQUEST));
                }
                cb.editOrNewResources().withClaims(uses).endResources();
            }
            case DEVICE_PLUGIN -> {
                Map<String, Quantity> limits = new TreeMap<>();
                for (Placement p : mine) {
                    Allocation.PartitionRef part = p.allocation().partition();
                    String resource = part == null ? Keys.GPU_RESOURCE : "nvidia.com/mig-" + part.profile();
                    limits.merge(resource, new Quantity("1"), (a, b) -> new Quantity(
                            Integer.toString(Integer.parseInt(a.getAmount()) + 1)));
                }
                cb.editOrNewResources().addToLimits(limits).endResources();
            }
        }
    }
}
