package dev.gpushare.kubernetes.testing;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Nodes as a cloud node group and the GPU Operator would make them: labels ({@code
 * node.kubernetes.io/instance-type}, GPU feature discovery's {@code nvidia.com/gpu.*}), a status
 * with capacity and a Ready condition, no taints, and the ResourceSlice the NVIDIA DRA driver
 * publishes (devices {@code gpu-N} with type, uuid, productName and memory).
 */
public final class Nodes {
    /** Harness-only label: the catalog GPU model, for the MIG manager stand-in. */
    public static final String GPU_MODEL = "gpushare.test/gpu-model";
    public static final String DRIVER = "gpu.nvidia.com";
    private final KubernetesClient client;

    Nodes(KubernetesClient client) {
        this.client = client;
        deviceClass("gpu.nvidia.com", "gpu");
        deviceClass("mig.nvidia.com", "mig");
    }

    private void deviceClass(String name, String type) {
        DeviceClass dc = new DeviceClassBuilder().withNewMetadata().withName(name).endMetadata()
                .withNewSpec().addNewSelector().withNewCel()
                .withExpression("device.driver == '" + DRIVER + "' && device.attributes['" + DRIVER + "'].type == '" + type + "'")
                .endCel().endSelector().endSpec().build();
        client.resources(DeviceClass.class).resource(dc).forceConflicts().fieldManager("test").serverSideApply();
    }

    /** Adds {@code count} nodes of {@code instanceType} named {@code prefix-0 …}; returns their names. */
    public List<String> add(String prefix, String instanceType, int count) {
        return add(prefix, instanceType, count, false);
    }

    /**
     * @param shareable devices with {@code allowMultipleAllocations} and a memory capacity claims can
     *                  consume (KEP-5075), for measuring the scheduler's own MPS-style packing
     */
    public List<String> add(String prefix, String instanceType, int count, boolean shareable) {
        InstanceType type = Catalog.builtIn().instanceType(instanceType).orElseThrow();
        GpuModel model = Catalog.builtIn().gpuModel(type.gpuModel()).orElseThrow();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = prefix + "-" + i;
            names.add(name);
            Map<String, String> labels = new TreeMap<>();
            labels.put("kubernetes.io/hostname", name);
            labels.put("node.kubernetes.io/instance-type", instanceType);
            labels.put("nvidia.com/gpu.product", "NVIDIA-" + model.name());
            labels.put("nvidia.com/gpu.count", Integer.toString(type.gpuCount()));
            labels.put("nvidia.com/gpu.memory", Long.toString(model.totalMemoryMiB()));
            labels.put(GPU_MODEL, model.name());
            client.nodes().resource(new NodeBuilder().withNewMetadata().withName(name).withLabels(labels).endMetadata()
                    .withNewSpec().endSpec().build()).create();
            // the API server adds node.kubernetes.io/not-ready to a new node; no node controller clears it here
            client.nodes().withName(name).edit(n -> { n.getSpec().setTaints(List.of()); return n; });
            setStatus(name, type, true);
            client.resources(ResourceSlice.class).resource(slice(name, model, type.gpuCount(), shareable)).create();
        }
        return names;
    }

    /** Sets the node's Ready condition (a kubelet's heartbeat, or its absence). */
    public void setReady(String name, boolean ready) {
        Node n = client.nodes().withName(name).get();
        InstanceType type = Catalog.builtIn().instanceType(n.getMetadata().getLabels().get("node.kubernetes.io/instance-type")).orElseThrow();
        setStatus(name, type, ready);
    }

    private void setStatus(String name, InstanceType type, boolean ready) {
        Map<String, Quantity> capacity = new LinkedHashMap<>();
        capacity.put("cpu", new Quantity(Integer.toString(type.vcpus())));
        capacity.put("memory", new Quantity(type.memoryMiB() + "Mi"));
        capacity.put("pods", new Quantity("250"));
        capacity.put("nvidia.com/gpu", new Quantity(Integer.toString(type.gpuCount())));
        NodeCondition c = new NodeConditionBuilder().withType("Ready").withStatus(ready ? "True" : "False")
                .withReason(ready ? "KubeletReady" : "KubeletNotReady").withMessage(ready ? "kubelet is posting ready status" : "container runtime down")
                .withLastHeartbeatTime(Instant.now().toString()).withLastTransitionTime(Instant.now().toString()).build();
        Node n = client.nodes().withName(name).get();
        n.getStatus().setCapacity(capacity);
        n.getStatus().setAllocatable(capacity);
        n.getStatus().setConditions(List.of(c));
        client.nodes().resource(n).updateStatus();
    }

    /** The uuid the stand-in driver gives GPU {@code index} of {@code node}. */
    public static String uuid(String node, int index) {
        return "GPU-" + java.util.UUID.nameUUIDFromBytes((node + "/" + index).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static ResourceSlice slice(String node, GpuModel model, int gpus, boolean shareable) {
        List<Device> devices = new ArrayList<>();
        for (int g = 0; g < gpus; g++) devices.add(gpuDevice(node, model, g, shareable));
        return slice(node, devices, 1);
    }

    static ResourceSlice slice(String node, List<Device> devices, long generation) {
        return new ResourceSliceBuilder().withNewMetadata().withName(node + "-" + DRIVER).endMetadata()
                .withNewSpec().withDriver(DRIVER).withNodeName(node)
                .withNewPool().withName(node).withGeneration(generation).withResourceSliceCount(1L).endPool()
                .withDevices(devices).endSpec().build();
    }

    static Device gpuDevice(String node, GpuModel model, int g, boolean shareable) {
        Map<String, DeviceAttribute> attrs = new TreeMap<>();
        attrs.put("type", str("gpu"));
        attrs.put("uuid", str(uuid(node, g)));
        attrs.put("productName", str("NVIDIA " + model.name()));
        attrs.put("brand", str("Nvidia"));
        attrs.put("architecture", str("Ada Lovelace"));
        attrs.put("driverVersion", ver("580.95.5"));
        DeviceCapacity mem = new DeviceCapacity(null, new Quantity(model.usableMemoryMiB() + "Mi"));
        DeviceBuilder b = new DeviceBuilder().withName("gpu-" + g).withAttributes(attrs).withCapacity(Map.of("memory", mem));
        if (shareable) b.withAllowMultipleAllocations(true);
        return b.build();
    }

    static DeviceAttribute str(String s) {
        DeviceAttribute a = new DeviceAttribute();
        a.setString(s);
        return a;
    }

    static DeviceAttribute num(long n) {
        DeviceAttribute a = new DeviceAttribute();
        a.setInt(n);
        return a;
    }

    static DeviceAttribute ver(String v) {
        DeviceAttribute a = new DeviceAttribute();
        a.setVersion(v);
        return a;
    }
}
