package dev.gpushare.kubernetes.internal;

import dev.gpushare.engine.state.GpuMode;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelectorBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ResourceClaims of the DRA form: one per GPU (one per MIG instance on a MIG GPU), shared by
 * every pod on it. A claim selects its device by the NVIDIA DRA driver's attributes: the GPU's
 * {@code uuid} when the node's ResourceSlice names it (the backend reads it), for MIG the parent
 * GPU's {@code parentUUID} and the {@code profile}; the pods' node selector pins the node. An MPS
 * GPU's claim carries the driver's {@code GpuConfig} with MPS sharing, a time-sliced one
 * TimeSlicing; each container keeps its own MPS limits in its environment.
 */
public final class DeviceClaims {
    /** The name of the one request of every claim, which containers reference. */
    public static final String REQUEST = "gpu";
    private static final io.fabric8.kubernetes.client.utils.KubernetesSerialization SERIAL =
            new io.fabric8.kubernetes.client.utils.KubernetesSerialization();
    private static final tools.jackson.databind.json.JsonMapper JSON = tools.jackson.databind.json.JsonMapper.builder().build();
    private static final String ATTR = "device.attributes['" + Keys.DRA_DRIVER + "'].";

    private DeviceClaims() {}

    /** Which device one claim is for. */
    public record Target(String instanceId, int gpu, GpuMode mode, String profile, Integer start) {
        /** The claim's name within the cluster's objects. */
        public String claimName(String cluster) {
            return profile == null
                    ? Names.objectName(cluster, instanceId, "gpu" + gpu)
                    : Names.objectName(cluster, instanceId, "gpu" + gpu, profile, "at" + start);
        }

        /** The name a pod gives its reference to this claim. */
        public String referenceName() {
            // a DNS label: no dots, unlike the claim's own name
            return profile == null ? "gpu" + gpu : Names.objectName("gpu" + gpu, profile.replace(".", ""), "at" + start);
        }
    }

    /**
     * @param gpuUuid the GPU's (for MIG the parent GPU's) uuid from the node's ResourceSlice, or
     *                {@code null} when unknown (rendered without a cluster)
     */
    public static ResourceClaim claim(String cluster, String namespace, Target t, String gpuUuid) {
        String cel;
        if (t.profile() != null) {
            cel = ATTR + "profile == '" + t.profile() + "'"
                    + (gpuUuid == null ? "" : " && " + ATTR + "parentUUID == '" + gpuUuid + "'");
        } else {
            cel = gpuUuid == null ? null : ATTR + "uuid == '" + gpuUuid + "'";
        }
        ExactDeviceRequestBuilder exactly = new ExactDeviceRequestBuilder()
                .withDeviceClassName(t.profile() != null ? Keys.MIG_CLASS : Keys.GPU_CLASS)
                .withAllocationMode("ExactCount")
                .withCount(1L);
        if (cel != null) exactly.withSelectors(new DeviceSelectorBuilder().withNewCel().withExpression(cel).endCel().build());
        ResourceClaimBuilder b = new ResourceClaimBuilder()
                .withNewMetadata()
                    .withName(t.claimName(cluster))
                    .withNamespace(namespace)
                    .withLabels(labels(cluster, t))
                .endMetadata()
                .withNewSpec().withNewDevices()
                    .addNewRequest().withName(REQUEST).withExactly(exactly.build()).endRequest()
                .endDevices().endSpec();
        Map<String, Object> sharing = sharing(t.mode());
        if (sharing != null) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("apiVersion", "resource.nvidia.com/v1beta1");
            params.put("kind", "GpuConfig");
            params.put("sharing", sharing);
            b.editSpec().editDevices().withConfig(new DeviceClaimConfigurationBuilder()
                    .withRequests(List.of(REQUEST))
                    .withNewOpaque().withDriver(Keys.DRA_DRIVER).withParameters(params).endOpaque()
                    .build()).endDevices().endSpec();
        }
        return b.build();
    }

    /**
     * True when {@code have} asks for the device {@code want} does, with the same sharing: the device
     * class, the selectors and the driver configuration (what the API server never lets change).
     */
    public static boolean same(ResourceClaim want, ResourceClaim have) {
        return view(want).equals(view(have));
    }

    private static List<Object> view(ResourceClaim c) {
        List<Object> out = new java.util.ArrayList<>();
        if (c.getSpec() == null || c.getSpec().getDevices() == null) return out;
        var d = c.getSpec().getDevices();
        if (d.getRequests() != null) {
            for (var r : d.getRequests()) {
                var x = r.getExactly();
                List<String> cel = new java.util.ArrayList<>();
                if (x != null && x.getSelectors() != null) for (var s : x.getSelectors()) cel.add(s.getCel() == null ? "" : s.getCel().getExpression());
                out.add(List.of(r.getName(), x == null ? "" : String.valueOf(x.getDeviceClassName()), cel));
            }
        }
        if (d.getConfig() != null) {
            for (var k : d.getConfig()) {
                out.add(List.of(String.valueOf(k.getRequests()), k.getOpaque() == null ? "" : String.valueOf(k.getOpaque().getDriver()),
                        k.getOpaque() == null || k.getOpaque().getParameters() == null ? "" : JSON.readTree(SERIAL.asJson(k.getOpaque().getParameters()))));
            }
        }
        return out;
    }

    private static Map<String, Object> sharing(GpuMode mode) {
        return switch (mode) {
            case MPS -> Map.of("strategy", "MPS");
            case TIME_SLICING -> {
                Map<String, Object> s = new LinkedHashMap<>();
                s.put("strategy", "TimeSlicing");
                s.put("timeSlicingConfig", Map.of("interval", "Default"));
                yield s;
            }
            case IDLE, DEDICATED, FRACTIONAL, MIG -> null;
        };
    }

    private static Map<String, String> labels(String cluster, Target t) {
        Map<String, String> l = new LinkedHashMap<>();
        l.put(Keys.MANAGED_BY, Keys.MANAGED_BY_VALUE);
        l.put(Keys.CLUSTER, cluster);
        l.put(Keys.INSTANCE, Names.labelValue(t.instanceId()));
        l.put(Keys.GPU, Integer.toString(t.gpu()));
        return l;
    }
}
