package dev.gpushare.engine.interop;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of importing ECS/SageMaker documents and exporting to them, each with its
 * cause and fix (docs/troubleshooting.md is generated from this list). Import codes are prefixed
 * {@code ECS_} or {@code SAGEMAKER_}, export warnings {@code EXPORT_}; {@link #PARSE_ERROR} is shared
 * by both importers.
 */
public enum InteropCode implements ProblemCode {
    PARSE_ERROR(
            "The imported file is empty or not valid JSON (the message gives the line and column).",
            "Correct the JSON at that place; the AWS CLI and the console accept only strict JSON (no trailing commas)."),
    ECS_TYPE(
            "A task definition, container definition, resource requirement or nvidiaMps value has the wrong JSON type.",
            "Write the value in the shape the message gives, as RegisterTaskDefinition takes it."),
    ECS_REQUIRED(
            "A task definition lacks family or containerDefinitions, a container lacks name or image, or a resource requirement lacks type.",
            "Add the missing field named in the message."),
    ECS_CPU_INVALID(
            "The task's cpu is neither CPU units (\"1024\") nor vCPUs (\"1 vCPU\").",
            "Write cpu as CPU units (1024 = one vCPU) or as \"N vCPU\"."),
    ECS_MEMORY_INVALID(
            "The task's memory is neither MiB (\"2048\") nor GB (\"2 GB\").",
            "Write memory as MiB or as \"N GB\"."),
    ECS_DUPLICATE_FAMILY(
            "The same family appears twice in one import.",
            "Import each family once; keep the revision you want."),
    ECS_UNKNOWN_PROPERTY(
            "nvidiaMps has a member other than memory and maxComputePercent.",
            "Remove the member; only memory (MiB) and maxComputePercent (1 to 100) are allowed."),
    ECS_VALUE_AND_SHARING_STRATEGY(
            "A GPU resource requirement gives both value and sharingStrategy.",
            "Keep one: value for whole or fractional GPUs, sharingStrategy for an MPS share."),
    ECS_GPU_VALUE_MISSING(
            "A GPU resource requirement gives neither value nor sharingStrategy.",
            "Give value (a count, a fraction or ALL) or sharingStrategy.nvidiaMps."),
    ECS_GPU_VALUE_INVALID(
            "A GPU value is not a count of at least 1, a fraction below 1 (0.125, 0.25, 0.5) or ALL.",
            "Write one of those values, as a string (\"2\", \"0.25\", \"ALL\")."),
    ECS_DUPLICATE_GPU_REQUIREMENT(
            "One container has a second GPU resource requirement.",
            "Merge them into one GPU entry."),
    ECS_SHARING_STRATEGY_NOT_GPU(
            "sharingStrategy is given on a resource requirement whose type is not GPU.",
            "Move the sharingStrategy to the container's GPU entry."),
    ECS_SHARING_STRATEGY_EMPTY(
            "sharingStrategy is an empty object.",
            "Set exactly one member: nvidiaMps."),
    ECS_SHARING_STRATEGY_UNKNOWN(
            "sharingStrategy has a member other than nvidiaMps.",
            "Use nvidiaMps, the only sharing strategy ECS has."),
    ECS_MPS_MEMORY_MISSING(
            "nvidiaMps has no memory.",
            "Give memory: the GPU memory to reserve, in MiB."),
    ECS_MPS_MEMORY_TOO_SMALL(
            "nvidiaMps.memory is below 1 MiB.",
            "Give the container's real GPU memory need in MiB."),
    ECS_MPS_COMPUTE_PERCENT_RANGE(
            "nvidiaMps.maxComputePercent is outside 1 to 100.",
            "Use a percentage from 1 to 100, or leave it out for no limit."),
    ECS_MIXED_GPU_FORMS(
            "One task has whole-GPU (value) containers and MPS (sharingStrategy) containers.",
            "Use one form for every GPU container of the task, or split the task."),
    ECS_FRACTIONAL_WITH_OTHER_GPU(
            "A task with a fractional-GPU container has another container that asks for a GPU.",
            "Keep the fractional container the task's only GPU container."),
    ECS_COMPATIBILITY_UNSUPPORTED(
            "requiresCompatibilities names FARGATE with a GPU, or EXTERNAL with MPS or a fraction.",
            "Use EC2 (or MANAGED_INSTANCES) for GPU tasks."),
    SAGEMAKER_UNKNOWN_DOCUMENT(
            "A document is none of CreateEndpointConfig, CreateEndpoint or CreateInferenceComponent.",
            "Import only those requests, as the AWS CLI's --cli-input-json takes them."),
    SAGEMAKER_REQUIRED(
            "A required field of the request is missing (ProductionVariants, Specification, MinMemoryRequiredInMb, names).",
            "Add the field named in the message."),
    SAGEMAKER_SERVERLESS_UNSUPPORTED(
            "A production variant is serverless, which has no GPUs.",
            "Leave serverless variants out of the import."),
    SAGEMAKER_INSTANCE_COUNT(
            "InitialInstanceCount is not a whole number of at least 1.",
            "Give a whole number of at least 1."),
    SAGEMAKER_COPY_COUNT(
            "RuntimeConfig.CopyCount is not a whole number of at least 1.",
            "Give a whole number of at least 1, or leave it out for 1."),
    SAGEMAKER_EMPTY_LAYOUT(
            "AcceleratorPartitionLayouts or its partition type list is empty.",
            "List the partition types, or leave the layout out for whole GPUs."),
    SAGEMAKER_MULTIPLE_LAYOUTS(
            "AcceleratorPartitionLayouts has more than one entry.",
            "Keep exactly one layout per variant."),
    SAGEMAKER_PARTITION_TYPE_INVALID(
            "A partition type is not of the form mig-Ng.Mgb.",
            "Write the MIG profile with its mig- prefix, e.g. mig-3g.20gb."),
    SAGEMAKER_DEVICES_NOT_ONE(
            "NumberOfAcceleratorDevicesRequired is not 1 on a component with a partition type.",
            "Set it to 1: a copy takes one partition."),
    SAGEMAKER_DEVICES_UNSUPPORTED(
            "NumberOfAcceleratorDevicesRequired is not 1 on a component without a partition type.",
            "Set it to 1: gpushare gives a copy one whole GPU."),
    SAGEMAKER_MIN_MEMORY(
            "MinMemoryRequiredInMb is below 128.",
            "Give at least 128 (MiB of host memory per copy)."),
    SAGEMAKER_VARIANT_REQUIRED(
            "A component on an endpoint with several variants names no VariantName.",
            "Name the variant the component runs on."),
    SAGEMAKER_VARIANT_UNKNOWN(
            "A component's VariantName is not a variant of its endpoint.",
            "Use one of the variant names the message lists."),
    SAGEMAKER_PARTITION_TYPE_REQUIRED(
            "A component on a partitioned endpoint names no AcceleratorPartitionType.",
            "Name one of the endpoint layout's partition types."),
    SAGEMAKER_PARTITION_TYPE_NOT_IN_LAYOUT(
            "A component's partition type is not in its endpoint's layout.",
            "Use a type the layout declares, or add it to the layout."),
    SAGEMAKER_PARTITION_TYPE_WITHOUT_LAYOUT(
            "A component names a partition type on an endpoint of whole GPUs.",
            "Remove the partition type, or give the endpoint config a layout."),
    EXPORT_NOT_MAPPED(
            "A task definition with a MIG partition (ECS has no MIG form), or a component whose partition type is left to the advisor, has no cloud form.",
            "Nothing to do if intended: it is left out; otherwise run gpushare advise --write first, or use another GPU form."),
    EXPORT_INCOMPLETE(
            "A task definition has no memory; ECS needs task or container memory.",
            "Give the task definition memory (MiB) in the spec.");

    private final Doc doc;

    InteropCode(String cause, String fix) {
        this.doc = new Doc(cause, fix);
    }

    @Override public Doc doc() { return doc; }
}
