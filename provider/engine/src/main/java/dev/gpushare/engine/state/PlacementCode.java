package dev.gpushare.engine.state;

import dev.gpushare.model.problem.ProblemCode;

/**
 * Why a copy could not be placed: the stable {@code code} of an {@link Unplaced},
 * with its cause and the usual fix (docs/placement.md is written from this list).
 */
public enum PlacementCode implements ProblemCode {
    INSUFFICIENT_GPU_MEMORY(
            "The copy needs more GPU memory on one GPU than a GPU of the instance type offers.",
            "Lower the nvidiaMps memory (or gpuMemoryMiB), or use an instance type with larger GPUs."),
    INSUFFICIENT_GPUS(
            "The task asks for more whole GPUs than one instance has.",
            "Ask for fewer GPUs per task, or use an instance type with more GPUs."),
    INSUFFICIENT_HOST_CPU(
            "The task's cpu (CPU units, 1024 per vCPU) exceeds what one instance has.",
            "Lower the task definition's cpu, or use a larger instance type."),
    INSUFFICIENT_HOST_MEMORY(
            "The task's host memory (MiB) exceeds what one instance has.",
            "Lower the task definition's memory (or hostMemoryMiB), or use a larger instance type."),
    MAX_INSTANCES_REACHED(
            "The copy fits an empty instance, but the capacity provider already runs maxInstances and they are full.",
            "Raise maxInstances to the number given in the message, or lower desiredCount."),
    NO_HEALTHY_INSTANCE(
            "Every instance of the pool is unhealthy and kept with its copies until it is replaced, and the pool may not launch another.",
            "Run `gpushare plan` again after the unhealthy instances are replaced (a few per plan), or raise maxInstances (instanceCount) as the message says."),
    MAX_CLIENTS_REACHED(
            "Every GPU with enough free memory already has maxClientsPerGpu MPS containers.",
            "Raise maxClientsPerGpu, or raise maxInstances as the message says."),
    NO_FREE_PARTITION(
            "Every MIG instance of the copy's profile is taken (or the layout has none of that profile).",
            "Raise instanceCount (endpoints) or maxInstances as the message says, or lower copyCount/desiredCount."),
    NO_FREE_GPU(
            "Every GPU of the endpoint already hosts a copy.",
            "Raise the endpoint's instanceCount as the message says, or lower copyCount."),
    NO_FREE_SLOT(
            "Every time-slicing replica of the instances is taken.",
            "Raise maxInstances or replicas."),
    INCOMPATIBLE_REQUIREMENT(
            "The container's GPU form cannot run on this capacity (e.g. nvidiaMps on a MIG provider).",
            "Run `gpushare validate`: it names the rule; change the requirement or the capacity provider."),
    NO_GPU_CONTAINER(
            "The task definition has no container with a GPU requirement; gpushare places GPU work only.",
            "Give a container a gpu requirement, or run the task outside gpushare."),
    UNKNOWN_REFERENCE(
            "The service or component names a task definition, capacity provider, endpoint or instance type that does not exist.",
            "Run `gpushare validate` and fix the reference."),
    NO_FREE_NODE(
            "The copy fits an instance the backend would have to start, but the backend has no free machine of that instance type (Kubernetes: no Ready node with that node.kubernetes.io/instance-type and without a gpushare.dev/cluster label).",
            "Add as many nodes of the type as the message says (a node autoscaler's job: an EKS node group or a Karpenter NodePool), or lower desiredCount/copyCount."),
    INVALID_MIG_LAYOUT(
            "The partition layout cannot be realised on the GPU.",
            "Run `gpushare validate`; change the layout.");

    private final Doc doc;

    PlacementCode(String cause, String fix) {
        this.doc = new Doc(cause, fix);
    }

    @Override public Doc doc() { return doc; }
}
