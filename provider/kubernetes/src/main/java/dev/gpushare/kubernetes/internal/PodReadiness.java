package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.state.TaskId;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Whether the copies a rollout's wave started are ready on the cluster: each copy's pod (the live
 * pod of its task at exactly the placements the plan gave it) has the condition {@code Ready=True}
 * — the kubelet sets it once every container runs and passes its readiness probe (the task
 * definition's {@code healthCheck}). A copy with no such pod, on an unhealthy node, not scheduled,
 * or not Ready is not ready, with the reason its conditions give.
 *
 * <p>A Ready pod retires the old pods it replaces ({@link Keys#REPLACED_BY}): as a Deployment's
 * surge, the old revision's pod serves until its replacement is Ready, then it is deleted.
 */
public final class PodReadiness {
    private PodReadiness() {}

    /** Of {@code started}, the copies not ready now, each with why (empty when all are). */
    public static Map<TaskId, String> notReady(KubernetesClient client, String namespace, String cluster, List<Placement> started) {
        ClusterObjects world = ClusterObjects.read(client, namespace, cluster);
        Map<TaskId, List<Placement>> byTask = new LinkedHashMap<>();
        for (Placement p : started) byTask.computeIfAbsent(p.allocation().task(), k -> new java.util.ArrayList<>()).add(p);
        Map<TaskId, String> out = new TreeMap<>();
        for (Map.Entry<TaskId, List<Placement>> e : byTask.entrySet()) {
            String instance = e.getValue().getFirst().instanceId().toString();
            Pod pod = podOf(world, e.getKey(), e.getValue());
            if (pod == null) {
                out.put(e.getKey(), "no pod of cluster " + cluster + " runs it at its placements on instance " + instance
                        + " (deleted or replaced since); plan again");
                continue;
            }
            String name = pod.getMetadata().getName();
            String unhealthy = world.unhealthy.get(instance);
            String why = unhealthy != null ? "instance " + instance + " is unhealthy: " + unhealthy : why(pod);
            if (why != null) {
                out.put(e.getKey(), why);
                continue;
            }
            for (Pod old : world.pods.values()) {
                if (name.equals(annotation(old, Keys.REPLACED_BY))) {
                    Failures.run("delete Pod " + namespace + "/" + old.getMetadata().getName(), () -> client.pods()
                            .inNamespace(namespace).withName(old.getMetadata().getName()).delete());
                }
            }
        }
        return out;
    }

    /** The live, current pod of {@code task} at exactly {@code placements}, or null. */
    private static Pod podOf(ClusterObjects world, TaskId task, List<Placement> placements) {
        String instance = Names.labelValue(placements.getFirst().instanceId().toString());
        Set<PodAllocation> want = new HashSet<>();
        for (Placement p : placements) want.add(new PodAllocation(p.gpuIndex(), p.allocation()));
        for (Pod p : world.pods.values()) {
            if (!task.toString().equals(annotation(p, Keys.TASK)) || annotation(p, Keys.REPLACED_BY) != null) continue;
            if (!instance.equals(p.getMetadata().getLabels().get(Keys.INSTANCE))) continue;
            String json = annotation(p, Keys.ALLOCATIONS);
            if (json != null && new HashSet<>(AnnotationJson.allocations(json)).equals(want)) return p;
        }
        return null;
    }

    /** Null when the pod is Ready, else why not, from its conditions. */
    static String why(Pod pod) {
        String name = "pod " + pod.getMetadata().getName();
        PodCondition ready = condition(pod, "Ready"), scheduled = condition(pod, "PodScheduled");
        if (ready != null && "True".equals(ready.getStatus())) return null;
        if (pod.getSpec().getNodeName() == null) {
            return name + " is not scheduled" + detail(scheduled);
        }
        if (ready == null) {
            String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
            return name + " is not Ready yet (phase " + (phase == null ? "Pending" : phase) + ", no Ready condition)";
        }
        return name + " is not Ready" + detail(ready);
    }

    private static String detail(PodCondition c) {
        if (c == null || (c.getReason() == null && c.getMessage() == null)) return "";
        return ": " + (c.getReason() == null ? "" : c.getReason()) + (c.getReason() != null && c.getMessage() != null ? ": " : "")
                + (c.getMessage() == null ? "" : c.getMessage());
    }

    private static PodCondition condition(Pod pod, String type) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) return null;
        for (PodCondition c : pod.getStatus().getConditions()) if (type.equals(c.getType())) return c;
        return null;
    }

    /** True when the pod's Ready condition is True. */
    public static boolean ready(Pod pod) {
        PodCondition c = condition(pod, "Ready");
        return c != null && "True".equals(c.getStatus());
    }

    static String annotation(Pod p, String key) {
        return p.getMetadata().getAnnotations() == null ? null : p.getMetadata().getAnnotations().get(key);
    }
}
