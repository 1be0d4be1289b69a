package dev.gpushare.engine.state;

import dev.gpushare.model.problem.ProblemCode;

/**
 * Why a copy could not be placed: the stable {@code code} of an {@link Unplaced},
 * with its cause and the usual fix (docs/placement.md is written from this list).
 */
public enum PlacementCode implements ProblemCode {
    @Doc(cause = "The copy needs more GPU memory on one GPU than a GPU of the instance type offers.",
            fix = "Lower the nvidiaMps memory (or gpuMemoryMiB), or use an instance type with larger GPUs.")
    INSUFFICIENT_GPU_MEMORY,
    @Doc(cause = "The task asks for more whole GPUs than one instance has.",
            fix = "Ask for fewer GPUs per task, or use an instance type with more GPUs.")
    INSUFFICIENT_GPUS,
    @Doc(cause = "The task's cpu (CPU units, 1024 per vCPU) exceeds what one instance has.",
            fix = "Lower the task definition's cpu, or use a larger instance type.")
    INSUFFICIENT_HOST_CPU,
    @Doc(cause = "The task's host memory (MiB) exceeds what one instance has.",
            fix = "Lower the task definition's memory (or hostMemoryMiB), or use a larger instance type.")
    INSUFFICIENT_HOST_MEMORY,
    @Doc(cause = "The copy fits an empty instance, but the capacity provider already runs maxInstances and they are full.",
            fix = "Raise maxInstances to the number given in the message, or lower desiredCount.")
    MAX_INSTANCES_REACHED,
    @Doc(cause = "Every instance of the pool is unhealthy and kept with its copies until it is replaced, and the pool may not launch another.",
            fix = "Run `gpushare plan` again after the unhealthy instances are replaced (a few per plan), or raise maxInstances (instanceCount) as the message says.")
    NO_HEALTHY_INSTANCE,
    @Doc(cause = "Every GPU with enough free memory already has maxClientsPerGpu MPS containers.",
            fix = "Raise maxClientsPerGpu, or raise maxInstances as the message says.")
    MAX_CLIENTS_REACHED,
    @Doc(cause = "Every MIG instance of the copy's profile is taken (or the layout has none of that profile).",
            fix = "Raise instanceCount (endpoints) or maxInstances as the message says, or lower copyCount/desiredCount.")
    NO_FREE_PARTITION,
    @Doc(cause = "Every GPU of the endpoint already hosts a copy.",
            fix = "Raise the endpoint's instanceCount as the message says, or lower copyCount.")
    NO_FREE_GPU,
    @Doc(cause = "Every time-slicing replica of the instances is taken.",
            fix = "Raise maxInstances or replicas.")
    NO_FREE_SLOT,
    @Doc(cause = "The container's GPU form cannot run on this capacity (e.g. nvidiaMps on a MIG provider).",
            fix = "Run `gpushare validate`: it names the rule; change the requirement or the capacity provider.")
    INCOMPATIBLE_REQUIREMENT,
    @Doc(cause = "The task definition has no container with a GPU requirement; gpushare places GPU work only.",
            fix = "Give a container a gpu requirement, or run the task outside gpushare.")
    NO_GPU_CONTAINER,
    @Doc(cause = "The service or component names a task definition, capacity provider, endpoint or instance type that does not exist.",
            fix = "Run `gpushare validate` and fix the reference.")
    UNKNOWN_REFERENCE,
    @Doc(cause = "The copy fits an instance the backend would have to start, but the backend has no free machine of that instance type (Kubernetes: no Ready node with that node.kubernetes.io/instance-type and without a gpushare.dev/cluster label).",
            fix = "Add as many nodes of the type as the message says (a node autoscaler's job: an EKS node group or a Karpenter NodePool), or lower desiredCount/copyCount.")
    NO_FREE_NODE,
    @Doc(cause = "The partition layout cannot be realised on the GPU.",
            fix = "Run `gpushare validate`; change the layout.")
    INVALID_MIG_LAYOUT,
    @Doc(cause = "A new revision cannot roll out: a copy fits neither next to its old copy (the GPU lacks the memory, client, partition or replica for both, as placement's own checks measure it), nor in free room elsewhere in its pool, nor on a surge instance (the pool is at maxInstances, or maximumPercent lets no copy start first), nor after its old copy stops (minimumHealthyPercent keeps every copy running). The plan leaves the whole rollout out; the copies keep their revision.",
            fix = "Do what the message says: raise the pool's maxInstances by one (the rollout then starts its copies on a surge instance and terminates the instance it empties), or lower the service's minimumHealthyPercent to the number given, or free room on the pool's GPUs; see docs/deployments.md.")
    ROLLOUT_NO_ROOM,
    @Doc(cause = "The last rollout of this revision was stopped by the deployment circuit breaker (copies that did not become ready within the deadline reached its threshold: 0.5 × desiredCount, at least 3, at most 200) and, with rollback, returned to the revision that last completed. The plan does not roll the same revision out again; `gpushare status` shows the rollout and why it failed.",
            fix = "Fix what kept the copies from becoming ready (the image, command or health check; the instance's health), then change the task definition so that a new revision rolls out.")
    ROLLOUT_FAILED;
}
