package dev.gpushare.kubernetes.testing;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.MigProfile;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Stand-ins for the node-side components this control plane lacks, run when a test calls {@link
 * #settle}: a kubelet finishing the pods deleted on its node, the controller manager's resource
 * claim controller releasing deleted claims, and the GPU Operator's MIG manager acting on {@code
 * nvidia.com/mig.config} the way mig-parted does — it reads the entry's profile counts, creates
 * them largest first at the first free start the GPU allows (NVML's choice when no placement is
 * given), republishes the node's ResourceSlice with those MIG devices (named as the NVIDIA DRA
 * driver names them, {@code gpu-N-mig-PROFILE-ID-START}) and sets {@code
 * nvidia.com/mig.config.state=success}.
 *
 * <p>The kubelet stand-in also starts gpushare's copy pods (label {@code app.kubernetes.io/managed-by:
 * gpushare}) once the scheduler bound them to a node, once (a pod already past {@code Pending} keeps
 * the status it has, so a test may set one itself): phase {@code Running},
 * every container running, and the conditions a kubelet writes ({@code Initialized}, {@code
 * ContainersReady}, {@code Ready}). No container runs here, so a readiness probe is judged by its
 * exec command as any shell would run it: {@code false}, or {@code exit N} with N ≠ 0 (a task
 * definition's {@code healthCheck: {command: ["CMD-SHELL", "exit 1"]}} or {@code ["CMD", "false"]}),
 * fails, and the pod stays un-Ready ({@code ContainersNotReady}, as a kubelet reports a failing
 * probe); any other command passes, and the pod becomes Ready. A test makes a revision that never
 * becomes ready by giving its task definition such a health check.
 */
public final class NodeAgents {
    private static final YAMLMapper YAML = YAMLMapper.builder().build();
    private final KubernetesClient client;

    NodeAgents(KubernetesClient client) {
        this.client = client;
    }

    /** One round of every stand-in. */
    public void settle() {
        finishDeletedPods();
        startBoundPods();
        releaseDeletedClaims();
        migManager();
    }

    private void finishDeletedPods() {
        for (Pod p : client.pods().inAnyNamespace().list().getItems()) {
            if (p.getMetadata().getDeletionTimestamp() == null) continue;
            client.pods().inNamespace(p.getMetadata().getNamespace()).withName(p.getMetadata().getName())
                    .withGracePeriod(0).delete();
        }
    }

    /** Starts gpushare's bound pending pods: Running, Ready unless a readiness probe of theirs fails (see the class comment). */
    private void startBoundPods() {
        for (Pod p : client.pods().inAnyNamespace().withLabel("app.kubernetes.io/managed-by", "gpushare").list().getItems()) {
            if (p.getMetadata().getDeletionTimestamp() != null || p.getSpec().getNodeName() == null) continue;
            String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
            if (phase != null && !"Pending".equals(phase)) continue; // started already: its status is the kubelet's (or a test's)
            List<String> failing = new ArrayList<>();
            for (Container c : p.getSpec().getContainers()) {
                Probe probe = c.getReadinessProbe();
                if (probe != null && probe.getExec() != null && fails(probe.getExec().getCommand())) failing.add(c.getName());
            }
            boolean ready = failing.isEmpty();
            String now = java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
            String reason = ready ? null : "ContainersNotReady";
            String message = ready ? null : "containers with unready status: " + failing;
            List<PodCondition> conditions = new ArrayList<>();
            if (p.getStatus() != null && p.getStatus().getConditions() != null) {
                for (PodCondition c : p.getStatus().getConditions()) if ("PodScheduled".equals(c.getType())) conditions.add(c);
            }
            conditions.add(new PodConditionBuilder().withType("Initialized").withStatus("True").withLastTransitionTime(now).build());
            for (String type : List.of("ContainersReady", "Ready")) {
                conditions.add(new PodConditionBuilder().withType(type).withStatus(ready ? "True" : "False")
                        .withReason(reason).withMessage(message).withLastTransitionTime(now).build());
            }
            List<ContainerStatus> statuses = new ArrayList<>();
            for (Container c : p.getSpec().getContainers()) {
                statuses.add(new ContainerStatusBuilder().withName(c.getName()).withImage(c.getImage()).withImageID("")
                        .withReady(!failing.contains(c.getName())).withStarted(true).withRestartCount(0)
                        .withNewState().withNewRunning().withStartedAt(now).endRunning().endState().build());
            }
            p.setStatus(new PodStatusBuilder(p.getStatus() == null ? new io.fabric8.kubernetes.api.model.PodStatus() : p.getStatus())
                    .withPhase("Running").withConditions(conditions).withContainerStatuses(statuses)
                    .withStartTime(p.getStatus() != null && p.getStatus().getStartTime() != null ? p.getStatus().getStartTime() : now)
                    .build());
            try {
                client.pods().inNamespace(p.getMetadata().getNamespace()).resource(p).updateStatus();
            } catch (KubernetesClientException e) {
                // gone or changed meanwhile: the next round; else the next pod (a stand-in kubelet per pod)
                if (e.getCode() != 404 && e.getCode() != 409) System.err.println("stand-in kubelet: status of pod "
                        + p.getMetadata().getNamespace() + "/" + p.getMetadata().getName() + ": " + e.getMessage());
            }
        }
    }

    /** True for {@code false} and {@code exit N} (N ≠ 0), directly or through {@code sh -c}: what fails in any shell. */
    static boolean fails(List<String> command) {
        if (command == null || command.isEmpty()) return false;
        String line = command.size() == 3 && command.get(0).endsWith("sh") && "-c".equals(command.get(1))
                ? command.get(2) : String.join(" ", command);
        line = line.trim();
        return line.equals("false") || line.matches("exit\\s+0*[1-9][0-9]*");
    }

    private void releaseDeletedClaims() {
        for (ResourceClaim c : client.resources(ResourceClaim.class).inAnyNamespace().list().getItems()) {
            if (c.getMetadata().getDeletionTimestamp() == null) continue;
            var r = client.resources(ResourceClaim.class).inNamespace(c.getMetadata().getNamespace()).withName(c.getMetadata().getName());
            try {
                if (c.getStatus() != null && (c.getStatus().getAllocation() != null || c.getStatus().getReservedFor() != null)) {
                    c.getStatus().setAllocation(null);
                    c.getStatus().setReservedFor(null);
                    c = client.resources(ResourceClaim.class).inNamespace(c.getMetadata().getNamespace()).resource(c).updateStatus();
                }
                r.edit(x -> { x.getMetadata().setFinalizers(List.of()); return x; });
            } catch (KubernetesClientException e) {
                if (e.getCode() != 404 && e.getCode() != 409) throw e; // gone meanwhile, or retried next round
            }
        }
    }

    private void migManager() {
        Map<String, JsonNode> entries = new TreeMap<>();
        for (ConfigMap cm : client.configMaps().inAnyNamespace().withLabel("gpushare.dev/role", "mig-parted").list().getItems()) {
            JsonNode doc = YAML.readTree(cm.getData().get("config.yaml"));
            for (Map.Entry<String, JsonNode> e : doc.get("mig-configs").properties()) entries.put(e.getKey(), e.getValue());
        }
        for (Node n : client.nodes().list().getItems()) {
            Map<String, String> labels = n.getMetadata().getLabels();
            String entry = labels.get("nvidia.com/mig.config");
            String state = labels.get("nvidia.com/mig.config.state");
            String applied = labels.get("gpushare.test/mig-applied");
            if (entry == null && applied == null) continue;
            if (entry != null && entry.equals(applied) && "success".equals(state)) continue;
            GpuModel model = Catalog.builtIn().gpuModel(labels.get(Nodes.GPU_MODEL)).orElseThrow();
            int gpus = Integer.parseInt(labels.get("nvidia.com/gpu.count"));
            List<Device> devices = new ArrayList<>();
            boolean ok = true;
            for (int g = 0; g < gpus; g++) {
                Map<String, Integer> counts = entry == null ? Map.of() : countsFor(entries.get(entry), g);
                if (counts == null) { ok = false; break; }
                if (counts.isEmpty()) devices.add(Nodes.gpuDevice(n.getMetadata().getName(), model, g, false));
                else devices.addAll(migDevices(n.getMetadata().getName(), model, g, counts));
            }
            String name = n.getMetadata().getName();
            ResourceSlice old = client.resources(ResourceSlice.class).withName(name + "-" + Nodes.DRIVER).get();
            long generation = old == null ? 1 : old.getSpec().getPool().getGeneration() + 1;
            if (ok) {
                if (old != null) client.resources(ResourceSlice.class).withName(name + "-" + Nodes.DRIVER).delete();
                client.resources(ResourceSlice.class).resource(Nodes.slice(name, devices, generation)).create();
            }
            String result = ok ? "success" : "failed";
            client.nodes().withName(name).edit(x -> {
                if (entry == null) {
                    x.getMetadata().getLabels().remove("nvidia.com/mig.config.state");
                    x.getMetadata().getLabels().remove("gpushare.test/mig-applied");
                } else {
                    x.getMetadata().getLabels().put("nvidia.com/mig.config.state", result);
                    x.getMetadata().getLabels().put("gpushare.test/mig-applied", entry);
                }
                return x;
            });
        }
    }

    /** The entry's profile counts for GPU {@code g}: empty when MIG is off, {@code null} when the entry is unknown. */
    private static Map<String, Integer> countsFor(JsonNode groups, int g) {
        if (groups == null) return null;
        for (JsonNode group : groups.values()) {
            JsonNode devices = group.get("devices");
            boolean mine = devices.isString() ? devices.asString().equals("all") : false;
            if (devices.isArray()) for (JsonNode d : devices.values()) mine |= d.asInt() == g;
            if (!mine) continue;
            if (!group.get("mig-enabled").asBoolean()) return Map.of();
            Map<String, Integer> counts = new TreeMap<>();
            for (Map.Entry<String, JsonNode> e : group.get("mig-devices").properties()) counts.put(e.getKey(), e.getValue().asInt());
            return counts;
        }
        return Map.of();
    }

    /** Largest first (mig-parted's order), each at the lowest allowed start that is free. */
    private static List<Device> migDevices(String node, GpuModel model, int g, Map<String, Integer> counts) {
        List<MigProfile> order = new ArrayList<>();
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            MigProfile p = model.mig().profile(e.getKey()).orElseThrow();
            for (int i = 0; i < e.getValue(); i++) order.add(p);
        }
        order.sort(Comparator.comparingInt(MigProfile::computeSlices).reversed().thenComparing(MigProfile::name));
        boolean[] used = new boolean[model.mig().placementUnits()];
        List<Device> out = new ArrayList<>();
        for (MigProfile p : order) {
            int at = -1;
            for (int s : p.starts()) {
                boolean free = true;
                for (int u = s; u < s + p.size(); u++) free &= !used[u];
                if (free) { at = s; break; }
            }
            if (at < 0) throw new IllegalStateException("MIG layout " + counts + " does not fit GPU " + g + " of " + node);
            for (int u = at; u < at + p.size(); u++) used[u] = true;
            Map<String, DeviceAttribute> attrs = new TreeMap<>();
            attrs.put("type", Nodes.str("mig"));
            attrs.put("uuid", Nodes.str("MIG-" + java.util.UUID.nameUUIDFromBytes((node + "/" + g + "/" + p.name() + "/" + at).getBytes())));
            attrs.put("parentUUID", Nodes.str(Nodes.uuid(node, g)));
            attrs.put("profile", Nodes.str(p.name()));
            attrs.put("productName", Nodes.str("NVIDIA " + model.name()));
            String name = "gpu-" + g + "-mig-" + p.name().replace(".", "").replaceAll("[^a-z0-9-]", "-") + "-" + p.profileId() + "-" + at;
            out.add(new DeviceBuilder().withName(name).withAttributes(attrs)
                    .withCapacity(Map.of("memory", new DeviceCapacity(null, new Quantity(p.memoryMiB() + "Mi")))).build());
        }
        return out;
    }
}
