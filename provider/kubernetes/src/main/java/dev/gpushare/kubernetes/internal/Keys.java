package dev.gpushare.kubernetes.internal;

/** The label and annotation keys gpushare reads and writes, and those of the NVIDIA components. */
public final class Keys {
    private Keys() {}

    public static final String FIELD_MANAGER = "gpushare";

    // on every object gpushare creates
    public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    public static final String MANAGED_BY_VALUE = "gpushare";
    public static final String CLUSTER = "gpushare.dev/cluster";
    /** On gpushare's ConfigMaps: {@code state} (revision and spec), {@code mig-parted}, {@code device-plugin}. */
    public static final String ROLE = "gpushare.dev/role";

    // nodes (claimed by label) and what runs on them
    public static final String INSTANCE = "gpushare.dev/instance";
    public static final String SERVICE = "gpushare.dev/service";
    public static final String COMPONENT = "gpushare.dev/component";
    public static final String COPY = "gpushare.dev/copy";
    public static final String GPU = "gpushare.dev/gpu";
    /** Pod label: the revision the copy runs ({@link dev.gpushare.engine.state.Revision}, 12 hex digits). */
    public static final String REVISION = "gpushare.dev/revision";

    /** Node annotation: the instance as gpushare configured it ({@link InstanceRecord}, JSON). */
    public static final String INSTANCE_STATE = "gpushare.dev/instance-state";
    /** Node annotation: why {@code instance mark-unhealthy} marked it. */
    public static final String UNHEALTHY = "gpushare.dev/unhealthy";
    /** Pod annotation: the copy's allocations ({@link AllocationRecord}s, JSON). */
    public static final String ALLOCATIONS = "gpushare.dev/allocations";
    /**
     * Pod annotation: the name of the pod of the copy's new revision that replaces this one; set on a
     * Ready pod a rollout replaced, which serves until its replacement is Ready (then it is deleted).
     * Such a pod is not part of the state: the copy runs the new revision.
     */
    public static final String REPLACED_BY = "gpushare.dev/replaced-by";
    /** Pod annotation: the copy's task id, e.g. {@code embedder/3}. */
    public static final String TASK = "gpushare.dev/task";

    // set by clouds and node autoscalers
    public static final String INSTANCE_TYPE = "node.kubernetes.io/instance-type";
    public static final String HOSTNAME = "kubernetes.io/hostname";
    public static final String TAINT_UNREACHABLE = "node.kubernetes.io/unreachable";
    public static final String TAINT_NOT_READY = "node.kubernetes.io/not-ready";

    // the GPU Operator's contracts
    public static final String MIG_CONFIG = "nvidia.com/mig.config";
    public static final String MIG_CONFIG_STATE = "nvidia.com/mig.config.state";
    public static final String DEVICE_PLUGIN_CONFIG = "nvidia.com/device-plugin.config";
    public static final String GPU_RESOURCE = "nvidia.com/gpu";
    /** The label of the device plugin's MPS control daemon pods (one per MPS node). */
    public static final String MPS_DAEMON_APP = "nvidia-device-plugin-mps-control-daemon";

    // the NVIDIA DRA driver
    public static final String DRA_DRIVER = "gpu.nvidia.com";
    public static final String GPU_CLASS = "gpu.nvidia.com";
    public static final String MIG_CLASS = "mig.nvidia.com";
}
