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
    UNKNOWN_TASK_DEFINITION(true,
            "A service names a task definition family the spec does not define.",
            "Use the family of a task definition under taskDefinitions, or add it."),
    UNKNOWN_CAPACITY_PROVIDER(true,
            "A service names a capacity provider the spec does not define.",
            "Use the name of a capacity provider under capacityProviders, or add it."),
    UNKNOWN_ENDPOINT(true,
            "An inference component names an endpoint the spec does not define.",
            "Use the name of an endpoint under endpoints, or add it."),
    UNKNOWN_INSTANCE_TYPE(true,
            "The instance type is neither in the built-in catalog nor declared under instanceTypes.",
            "Fix the spelling (see `gpushare catalog`) or declare the type under instanceTypes."),
    DUPLICATE_CONTAINER_NAME(false,
            "Two containers of one task definition have the same name.",
            "Rename one of the containers."),
    INSTANCE_TYPE_REDECLARED(false,
            "A declared instance type has the name of a built-in catalog type.",
            "Use the built-in type as it is, or give the declared type another name."),
    UNKNOWN_GPU_MODEL(false,
            "A declared instance type names a GPU model the catalog does not know.",
            "Use a catalog GPU model such as L4, A10G, A100-80GB or H100-80GB."),
    MIN_EXCEEDS_MAX(false,
            "minInstances of a capacity provider is larger than its maxInstances.",
            "Lower minInstances or raise maxInstances."),

    // Sharing strategy vs instance type
    SHARING_ON_FRACTIONAL(false,
            "gpuSharing is given on a fractional instance type, whose GPU is already a hardware slice.",
            "Remove gpuSharing from the capacity provider, or use a full-GPU instance type."),
    MPS_NOT_SUPPORTED(false,
            "MPS sharing is asked for on a GPU that cannot enforce MPS memory and compute limits.",
            "Use an instance type with an MPS-capable GPU (Volta or newer, not a vGPU slice) or another strategy."),
    MIG_NOT_SUPPORTED(false,
            "A MIG layout is given for an instance type whose GPU is not MIG-capable.",
            "Use a MIG-capable instance type (A100, H100, H200, B200, RTX PRO 6000) or drop the layout."),
    TIME_SLICING_TOO_FEW_REPLICAS(false,
            "TIME_SLICING replicas is below 2, which shares nothing.",
            "Set replicas to 2 or more, or use EXCLUSIVE."),

    // MPS containers
    MPS_REQUIRES_MPS_SHARING(false,
            "An nvidiaMps container runs on a capacity provider whose strategy is not MPS.",
            "Place the service on an MPS capacity provider, or ask for whole GPUs or a partition instead."),
    MPS_MEMORY_EXCEEDS_GPU(false,
            "The MPS memory of a task's containers adds up to more than one GPU's usable memory.",
            "Lower nvidiaMps.memory (all MPS containers of a task share one GPU) or use a GPU with more memory."),
    MIXED_GPU_FORMS(false,
            "Containers of one task ask for GPUs in different forms (whole, nvidiaMps, partition).",
            "Use one form for every GPU container of the task, or split it into several tasks."),

    // Whole GPUs
    GPU_COUNT_EXCEEDS_INSTANCE(false,
            "The whole GPUs of a task's containers add up to more than the instance has.",
            "Ask for fewer GPUs or use an instance type with more GPUs."),
    WHOLE_GPU_ON_SHARED_STRATEGY(false,
            "A container asks for whole GPUs on a MIG capacity provider.",
            "Use an EXCLUSIVE or MPS capacity provider, or ask for a partition of the layout."),
    ALL_NOT_ALLOWED(false,
            "\"ALL\" is asked for where the instance's GPUs cannot all be dedicated to one container.",
            "Use ALL only on EXCLUSIVE providers, or on MPS when it is the task's only GPU container."),

    // Fractional GPUs
    FRACTION_MISMATCH(false,
            "The fractional GPU asked for differs from the slice of the fractional instance type.",
            "Ask for the instance type's fraction, or use a fractional type of the size asked for."),
    FRACTION_REQUIRES_FRACTIONAL_INSTANCE(false,
            "A fractional GPU is asked for on an instance type with full GPUs.",
            "Use a fractional instance type (g6f, gr6f) or ask for a whole GPU or an MPS share."),
    FRACTIONAL_INSTANCE_REQUIRES_FRACTION(false,
            "A container on a fractional instance type asks for whole GPUs, an MPS share or a partition.",
            "Ask for the instance type's fraction (e.g. gpu: 0.25), or use a full-GPU instance type."),
    FRACTION_NOT_ALONE(false,
            "A task with a fractional-GPU container has another container that asks for a GPU.",
            "Keep one fractional container per task and remove the GPU requirement of the others."),

    // MIG
    SUFFIX_NOT_ALLOWED_ON_ENDPOINT(false,
            "An endpoint layout uses a suffixed MIG profile (+me, -me, +gfx, +me.all), which SageMaker refuses.",
            "Use the plain profile (e.g. mig-1g.10gb instead of mig-1g.10gb+me)."),
    PARTITION_REQUIRES_MIG_SHARING(false,
            "A container asks for a MIG partition on a capacity provider whose strategy is not MIG.",
            "Place the service on a MIG capacity provider, or ask for whole GPUs or an MPS share."),
    PARTITION_NOT_IN_LAYOUT(false,
            "The partition asked for is not in the capacity provider's or endpoint's layout.",
            "Use a profile declared in the layout, or add it to the layout."),
    PARTITION_TYPE_WITHOUT_LAYOUT(false,
            "An inference component names a partitionType but its endpoint has no partitionLayout.",
            "Remove partitionType (copies then use whole GPUs) or give the endpoint a layout."),
    PARTITION_TYPE_REQUIRED(false,
            "An inference component on an endpoint with a partitionLayout names no partitionType.",
            "Set partitionType to one of the endpoint's layout entries."),
    GPU_MEMORY_WITH_LAYOUT(false,
            "An inference component gives gpuMemoryMiB on an endpoint that already has a layout.",
            "Remove gpuMemoryMiB and name a partitionType, or remove the endpoint's layout to let the advisor choose."),

    // Host resources
    TASK_CPU_EXCEEDS_INSTANCE(false,
            "A task's cpu is more than the instance type has (1 vCPU = 1024 units).",
            "Lower cpu or use a larger instance type."),
    TASK_MEMORY_EXCEEDS_INSTANCE(false,
            "A task's memory is more than the instance type's host memory.",
            "Lower memory or use an instance type with more memory."),
    HOST_MEMORY_EXCEEDS_INSTANCE(false,
            "An inference component's hostMemoryMiB is more than the endpoint instance's memory.",
            "Lower hostMemoryMiB or use a larger instance type."),

    // Pricing
    PRICE_FOR_UNKNOWN_INSTANCE_TYPE(true,
            "pricing.prices names an instance type that is neither in the catalog nor declared under instanceTypes.",
            "Fix the spelling (see `gpushare catalog`), declare the type, or remove the price."),
    PRICE_GIVEN_TWICE(false,
            "One instance type is priced twice: twice under pricing.prices, or there and in its instanceTypes entry (perHour).",
            "Keep one price for the type."),

    // Size
    SPEC_TOO_LARGE(false,
            "The spec asks for more copies (1,000,000) or more instances up front (100,000) than gpushare places per cluster; the placement service's limits are lower (200,000 and 20,000 by default, see docs/server.md).",
            "Lower desiredCount, copyCount, minInstances or instanceCount, or split the fleet into several clusters.");

    private final boolean reference;
    private final Doc doc;

    ValidationCode(boolean reference, String cause, String fix) {
        this.reference = reference;
        this.doc = new Doc(cause, fix);
    }

    /**
     * True for "that name does not exist" codes. They are not reported when a file of a split spec
     * had to be left out, because the name may well be defined in that file.
     */
    public boolean reference() {
        return reference;
    }

    @Override public Doc doc() { return doc; }
}
