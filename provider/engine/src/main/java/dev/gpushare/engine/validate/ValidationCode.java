package dev.gpushare.engine.validate;

import dev.gpushare.engine.mig.MigCode;
import dev.gpushare.model.io.ReadCode;
import dev.gpushare.model.problem.ProblemCode;

/**
 * Every code the semantic rules emit, with a one-line cause and fix. The troubleshooting docs are
 * generated from this list (a problem's code is a {@link ProblemCode}, so a rule cannot emit an
 * undocumented one).
 *
 * <p>The rules also emit codes of other lists: {@code DUPLICATE_NAME} ({@link ReadCode}, for
 * specs built in code, where no reader ran) and the MIG layout codes ({@link MigCode}, passed
 * through from {@code MigLayouts}).
 */
public enum ValidationCode implements ProblemCode {
    // References
    @Doc(cause = "A service names a task definition family the spec does not define.",
            fix = "Use the family of a task definition under taskDefinitions, or add it.")
    UNKNOWN_TASK_DEFINITION(true),
    @Doc(cause = "A service names a capacity provider the spec does not define.",
            fix = "Use the name of a capacity provider under capacityProviders, or add it.")
    UNKNOWN_CAPACITY_PROVIDER(true),
    @Doc(cause = "An inference component names an endpoint the spec does not define.",
            fix = "Use the name of an endpoint under endpoints, or add it.")
    UNKNOWN_ENDPOINT(true),
    @Doc(cause = "The instance type is neither in the built-in catalog nor declared under instanceTypes.",
            fix = "Fix the spelling (see `gpushare catalog`) or declare the type under instanceTypes.")
    UNKNOWN_INSTANCE_TYPE(true),
    @Doc(cause = "Two containers of one task definition have the same name.",
            fix = "Rename one of the containers.")
    DUPLICATE_CONTAINER_NAME(false),
    @Doc(cause = "A declared instance type has the name of a built-in catalog type.",
            fix = "Use the built-in type as it is, or give the declared type another name.")
    INSTANCE_TYPE_REDECLARED(false),
    @Doc(cause = "A declared instance type names a GPU model the catalog does not know.",
            fix = "Use a catalog GPU model such as L4, A10G, A100-80GB or H100-80GB.")
    UNKNOWN_GPU_MODEL(false),
    @Doc(cause = "minInstances of a capacity provider is larger than its maxInstances.",
            fix = "Lower minInstances or raise maxInstances.")
    MIN_EXCEEDS_MAX(false),

    // Sharing strategy vs instance type
    @Doc(cause = "gpuSharing is given on a fractional instance type, whose GPU is already a hardware slice.",
            fix = "Remove gpuSharing from the capacity provider, or use a full-GPU instance type.")
    SHARING_ON_FRACTIONAL(false),
    @Doc(cause = "MPS sharing is asked for on a GPU that cannot enforce MPS memory and compute limits.",
            fix = "Use an instance type with an MPS-capable GPU (Volta or newer, not a vGPU slice) or another strategy.")
    MPS_NOT_SUPPORTED(false),
    @Doc(cause = "A MIG layout is given for an instance type whose GPU is not MIG-capable.",
            fix = "Use a MIG-capable instance type (A100, H100, H200, B200, RTX PRO 6000) or drop the layout.")
    MIG_NOT_SUPPORTED(false),
    @Doc(cause = "TIME_SLICING replicas is below 2, which shares nothing.",
            fix = "Set replicas to 2 or more, or use EXCLUSIVE.")
    TIME_SLICING_TOO_FEW_REPLICAS(false),

    // MPS containers
    @Doc(cause = "An nvidiaMps container runs on a capacity provider whose strategy is not MPS.",
            fix = "Place the service on an MPS capacity provider, or ask for whole GPUs or a partition instead.")
    MPS_REQUIRES_MPS_SHARING(false),
    @Doc(cause = "The MPS memory of a task's containers adds up to more than one GPU's usable memory.",
            fix = "Lower nvidiaMps.memory (all MPS containers of a task share one GPU) or use a GPU with more memory.")
    MPS_MEMORY_EXCEEDS_GPU(false),
    @Doc(cause = "Containers of one task ask for GPUs in different forms (whole, nvidiaMps, partition).",
            fix = "Use one form for every GPU container of the task, or split it into several tasks.")
    MIXED_GPU_FORMS(false),

    // Whole GPUs
    @Doc(cause = "The whole GPUs of a task's containers add up to more than the instance has.",
            fix = "Ask for fewer GPUs or use an instance type with more GPUs.")
    GPU_COUNT_EXCEEDS_INSTANCE(false),
    @Doc(cause = "A container asks for whole GPUs on a MIG capacity provider.",
            fix = "Use an EXCLUSIVE or MPS capacity provider, or ask for a partition of the layout.")
    WHOLE_GPU_ON_SHARED_STRATEGY(false),
    @Doc(cause = "\"ALL\" is asked for where the instance's GPUs cannot all be dedicated to one container.",
            fix = "Use ALL only on EXCLUSIVE providers, or on MPS when it is the task's only GPU container.")
    ALL_NOT_ALLOWED(false),

    // Fractional GPUs
    @Doc(cause = "The fractional GPU asked for differs from the slice of the fractional instance type.",
            fix = "Ask for the instance type's fraction, or use a fractional type of the size asked for.")
    FRACTION_MISMATCH(false),
    @Doc(cause = "A fractional GPU is asked for on an instance type with full GPUs.",
            fix = "Use a fractional instance type (g6f, gr6f) or ask for a whole GPU or an MPS share.")
    FRACTION_REQUIRES_FRACTIONAL_INSTANCE(false),
    @Doc(cause = "A container on a fractional instance type asks for whole GPUs, an MPS share or a partition.",
            fix = "Ask for the instance type's fraction (e.g. gpu: 0.25), or use a full-GPU instance type.")
    FRACTIONAL_INSTANCE_REQUIRES_FRACTION(false),
    @Doc(cause = "A task with a fractional-GPU container has another container that asks for a GPU.",
            fix = "Keep one fractional container per task and remove the GPU requirement of the others.")
    FRACTION_NOT_ALONE(false),

    // MIG
    @Doc(cause = "An endpoint layout uses a suffixed MIG profile (+me, -me, +gfx, +me.all), which SageMaker refuses.",
            fix = "Use the plain profile (e.g. mig-1g.10gb instead of mig-1g.10gb+me).")
    SUFFIX_NOT_ALLOWED_ON_ENDPOINT(false),
    @Doc(cause = "A container asks for a MIG partition on a capacity provider whose strategy is not MIG.",
            fix = "Place the service on a MIG capacity provider, or ask for whole GPUs or an MPS share.")
    PARTITION_REQUIRES_MIG_SHARING(false),
    @Doc(cause = "The partition asked for is not in the capacity provider's or endpoint's layout.",
            fix = "Use a profile declared in the layout, or add it to the layout.")
    PARTITION_NOT_IN_LAYOUT(false),
    @Doc(cause = "An inference component names a partitionType but its endpoint has no partitionLayout.",
            fix = "Remove partitionType (copies then use whole GPUs) or give the endpoint a layout.")
    PARTITION_TYPE_WITHOUT_LAYOUT(false),
    @Doc(cause = "An inference component on an endpoint with a partitionLayout names no partitionType.",
            fix = "Set partitionType to one of the endpoint's layout entries.")
    PARTITION_TYPE_REQUIRED(false),
    @Doc(cause = "An inference component gives gpuMemoryMiB on an endpoint that already has a layout.",
            fix = "Remove gpuMemoryMiB and name a partitionType, or remove the endpoint's layout to let the advisor choose.")
    GPU_MEMORY_WITH_LAYOUT(false),

    // Host resources
    @Doc(cause = "A task's cpu is more than the instance type has (1 vCPU = 1024 units).",
            fix = "Lower cpu or use a larger instance type.")
    TASK_CPU_EXCEEDS_INSTANCE(false),
    @Doc(cause = "A task's memory is more than the instance type's host memory.",
            fix = "Lower memory or use an instance type with more memory.")
    TASK_MEMORY_EXCEEDS_INSTANCE(false),
    @Doc(cause = "An inference component's hostMemoryMiB is more than the endpoint instance's memory.",
            fix = "Lower hostMemoryMiB or use a larger instance type.")
    HOST_MEMORY_EXCEEDS_INSTANCE(false),

    // Pricing
    @Doc(cause = "pricing.prices names an instance type that is neither in the catalog nor declared under instanceTypes.",
            fix = "Fix the spelling (see `gpushare catalog`), declare the type, or remove the price.")
    PRICE_FOR_UNKNOWN_INSTANCE_TYPE(true),
    @Doc(cause = "One instance type is priced twice: twice under pricing.prices, or there and in its instanceTypes entry (perHour).",
            fix = "Keep one price for the type.")
    PRICE_GIVEN_TWICE(false),

    // Deployments (docs/deployments.md)
    @Doc(cause = "A service's deploymentConfiguration leaves no room to replace a copy: minimumHealthyPercent keeps every copy that maximumPercent lets run (both rounded as ECS does), so a new revision could never roll out.",
            fix = "Raise maximumPercent or lower minimumHealthyPercent to the value the message gives.")
    DEPLOYMENT_BLOCKED(false),
    @Doc(cause = "deploymentCircuitBreaker asks for rollback without enable: a breaker that never trips never rolls back.",
            fix = "Set enable: true, or remove rollback.")
    CIRCUIT_BREAKER_DISABLED(false),
    @Doc(cause = "A rollingUpdatePolicy batch size is out of SageMaker's range: maximumBatchSize CAPACITY_PERCENT 5-50 or COPY_COUNT up to copyCount; rollbackMaximumBatchSize CAPACITY_PERCENT 5-100 or COPY_COUNT up to copyCount.",
            fix = "Use a value in the range the message gives.")
    BATCH_SIZE_OUT_OF_RANGE(false),

    // What a container runs (docs/deployments.md)
    @Doc(cause = "A container's healthCheck.command does not start with CMD (run the program directly) or CMD-SHELL (run a shell command), or names no program after it, so ECS refuses it and gpushare cannot turn it into a readiness probe.",
            fix = "Write [\"CMD\", \"program\", \"arg\"...] or [\"CMD-SHELL\", \"a shell command\"]; to run no check, leave healthCheck out.")
    HEALTH_CHECK_COMMAND(false),
    @Doc(cause = "A container's environment gives the same variable name twice; only one value can reach the container, and which one depends on the runtime.",
            fix = "Keep one entry per name: remove or rename the other.")
    ENVIRONMENT_DUPLICATE_NAME(false),
    @Doc(cause = "A container's environment sets a variable gpushare derives from the placement (NVIDIA_VISIBLE_DEVICES, CUDA_MPS_*, GPUSHARE_*): it would override the GPU the copy was given or its MPS memory and compute limits.",
            fix = "Remove the variable; the GPU ask (gpu) decides these values.")
    ENVIRONMENT_RESERVED_NAME(false),

    // Size
    @Doc(cause = "The spec asks for more copies (1,000,000) or more instances up front (100,000) than gpushare places per cluster; the placement service's are lower (50,000 and 5,000 by default, see docs/server.md).",
            fix = "Lower desiredCount, copyCount, minInstances or instanceCount, or split the fleet into several clusters.")
    SPEC_TOO_LARGE(false);

    private final boolean reference;

    ValidationCode(boolean reference) {
        this.reference = reference;
    }

    /**
     * True for "that name does not exist" codes. They are not reported when a file of a split spec
     * had to be left out, because the name may well be defined in that file.
     */
    public boolean reference() {
        return reference;
    }
}
