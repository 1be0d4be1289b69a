package dev.gpushare.engine.interop;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of importing ECS/SageMaker documents and exporting to them, each with its
 * cause and fix (docs/troubleshooting.md is generated from this list). Import codes are prefixed
 * {@code ECS_} or {@code SAGEMAKER_}, export warnings {@code EXPORT_}; {@link #PARSE_ERROR} is shared
 * by both importers.
 */
public enum InteropCode implements ProblemCode {
    @Doc(cause = "The imported file is empty or not valid JSON (the message gives the line and column).",
            fix = "Correct the JSON at that place; the AWS CLI and the console accept only strict JSON (no trailing commas).")
    PARSE_ERROR,
    @Doc(cause = "A task definition, container definition, resource requirement or nvidiaMps value has the wrong JSON type.",
            fix = "Write the value in the shape the message gives, as RegisterTaskDefinition takes it.")
    ECS_TYPE,
    @Doc(cause = "A task definition lacks family or containerDefinitions, a container lacks name or image, or a resource requirement lacks type.",
            fix = "Add the missing field named in the message.")
    ECS_REQUIRED,
    @Doc(cause = "The task's cpu is neither CPU units (\"1024\") nor vCPUs (\"1 vCPU\").",
            fix = "Write cpu as CPU units (1024 = one vCPU) or as \"N vCPU\".")
    ECS_CPU_INVALID,
    @Doc(cause = "A container's healthCheck breaks ECS's rules: command does not start with CMD or CMD-SHELL followed by the program or shell command, or interval (5-300), timeout (2-60), retries (1-10) or startPeriod (0-300) is outside its range.",
            fix = "Correct the field the message names, in the range it gives; or remove healthCheck.")
    ECS_HEALTH_CHECK_INVALID,
    @Doc(cause = "The task's memory is neither MiB (\"2048\") nor GB (\"2 GB\").",
            fix = "Write memory as MiB or as \"N GB\".")
    ECS_MEMORY_INVALID,
    @Doc(cause = "The same family appears twice in one import.",
            fix = "Import each family once; keep the revision you want.")
    ECS_DUPLICATE_FAMILY,
    @Doc(cause = "nvidiaMps has a member other than memory and maxComputePercent.",
            fix = "Remove the member; only memory (MiB) and maxComputePercent (1 to 100) are allowed.")
    ECS_UNKNOWN_PROPERTY,
    @Doc(cause = "A GPU resource requirement gives both value and sharingStrategy.",
            fix = "Keep one: value for whole or fractional GPUs, sharingStrategy for an MPS share.")
    ECS_VALUE_AND_SHARING_STRATEGY,
    @Doc(cause = "A GPU resource requirement gives neither value nor sharingStrategy.",
            fix = "Give value (a count, a fraction or ALL) or sharingStrategy.nvidiaMps.")
    ECS_GPU_VALUE_MISSING,
    @Doc(cause = "A GPU value is not a count of at least 1, a fraction below 1 (0.125, 0.25, 0.5) or ALL.",
            fix = "Write one of those values, as a string (\"2\", \"0.25\", \"ALL\").")
    ECS_GPU_VALUE_INVALID,
    @Doc(cause = "One container has a second GPU resource requirement.",
            fix = "Merge them into one GPU entry.")
    ECS_DUPLICATE_GPU_REQUIREMENT,
    @Doc(cause = "sharingStrategy is given on a resource requirement whose type is not GPU.",
            fix = "Move the sharingStrategy to the container's GPU entry.")
    ECS_SHARING_STRATEGY_NOT_GPU,
    @Doc(cause = "sharingStrategy is an empty object.",
            fix = "Set exactly one member: nvidiaMps.")
    ECS_SHARING_STRATEGY_EMPTY,
    @Doc(cause = "sharingStrategy has a member other than nvidiaMps.",
            fix = "Use nvidiaMps, the only sharing strategy ECS has.")
    ECS_SHARING_STRATEGY_UNKNOWN,
    @Doc(cause = "nvidiaMps has no memory.",
            fix = "Give memory: the GPU memory to reserve, in MiB.")
    ECS_MPS_MEMORY_MISSING,
    @Doc(cause = "nvidiaMps.memory is below 1 MiB.",
            fix = "Give the container's real GPU memory need in MiB.")
    ECS_MPS_MEMORY_TOO_SMALL,
    @Doc(cause = "nvidiaMps.maxComputePercent is outside 1 to 100.",
            fix = "Use a percentage from 1 to 100, or leave it out for no limit.")
    ECS_MPS_COMPUTE_PERCENT_RANGE,
    @Doc(cause = "One task has whole-GPU (value) containers and MPS (sharingStrategy) containers.",
            fix = "Use one form for every GPU container of the task, or split the task.")
    ECS_MIXED_GPU_FORMS,
    @Doc(cause = "A task with a fractional-GPU container has another container that asks for a GPU.",
            fix = "Keep the fractional container the task's only GPU container.")
    ECS_FRACTIONAL_WITH_OTHER_GPU,
    @Doc(cause = "requiresCompatibilities names FARGATE with a GPU, or EXTERNAL with MPS or a fraction.",
            fix = "Use EC2 (or MANAGED_INSTANCES) for GPU tasks.")
    ECS_COMPATIBILITY_UNSUPPORTED,
    @Doc(cause = "A document is none of CreateEndpointConfig, CreateEndpoint or CreateInferenceComponent.",
            fix = "Import only those requests, as the AWS CLI's --cli-input-json takes them.")
    SAGEMAKER_UNKNOWN_DOCUMENT,
    @Doc(cause = "A required field of the request is missing (ProductionVariants, Specification, MinMemoryRequiredInMb, names).",
            fix = "Add the field named in the message.")
    SAGEMAKER_REQUIRED,
    @Doc(cause = "A production variant is serverless, which has no GPUs.",
            fix = "Leave serverless variants out of the import.")
    SAGEMAKER_SERVERLESS_UNSUPPORTED,
    @Doc(cause = "InitialInstanceCount is not a whole number of at least 1.",
            fix = "Give a whole number of at least 1.")
    SAGEMAKER_INSTANCE_COUNT,
    @Doc(cause = "RuntimeConfig.CopyCount is not a whole number of at least 1.",
            fix = "Give a whole number of at least 1, or leave it out for 1.")
    SAGEMAKER_COPY_COUNT,
    @Doc(cause = "An UpdateInferenceComponent's DeploymentConfig.RollingUpdatePolicy breaks SageMaker's rules: MaximumBatchSize or RollbackMaximumBatchSize is not {Type: COPY_COUNT|CAPACITY_PERCENT, Value: ≥ 1}, WaitIntervalInSeconds is outside 0-3600 or MaximumExecutionTimeoutInSeconds outside 600-28800.",
            fix = "Correct the field the message names; the ranges are SageMaker's.")
    SAGEMAKER_ROLLING_UPDATE_INVALID,
    @Doc(cause = "An UpdateInferenceComponent names an inference component that no CreateInferenceComponent of the import defines.",
            fix = "Import the component's CreateInferenceComponent request with it, or correct InferenceComponentName.")
    SAGEMAKER_UPDATE_UNKNOWN_COMPONENT,
    @Doc(cause = "AcceleratorPartitionLayouts or its partition type list is empty.",
            fix = "List the partition types, or leave the layout out for whole GPUs.")
    SAGEMAKER_EMPTY_LAYOUT,
    @Doc(cause = "AcceleratorPartitionLayouts has more than one entry.",
            fix = "Keep exactly one layout per variant.")
    SAGEMAKER_MULTIPLE_LAYOUTS,
    @Doc(cause = "A partition type is not of the form mig-Ng.Mgb.",
            fix = "Write the MIG profile with its mig- prefix, e.g. mig-3g.20gb.")
    SAGEMAKER_PARTITION_TYPE_INVALID,
    @Doc(cause = "NumberOfAcceleratorDevicesRequired is not 1 on a component with a partition type.",
            fix = "Set it to 1: a copy takes one partition.")
    SAGEMAKER_DEVICES_NOT_ONE,
    @Doc(cause = "NumberOfAcceleratorDevicesRequired is not 1 on a component without a partition type.",
            fix = "Set it to 1: gpushare gives a copy one whole GPU.")
    SAGEMAKER_DEVICES_UNSUPPORTED,
    @Doc(cause = "MinMemoryRequiredInMb is below 128.",
            fix = "Give at least 128 (MiB of host memory per copy).")
    SAGEMAKER_MIN_MEMORY,
    @Doc(cause = "A component on an endpoint with several variants names no VariantName.",
            fix = "Name the variant the component runs on.")
    SAGEMAKER_VARIANT_REQUIRED,
    @Doc(cause = "A component's VariantName is not a variant of its endpoint.",
            fix = "Use one of the variant names the message lists.")
    SAGEMAKER_VARIANT_UNKNOWN,
    @Doc(cause = "A component on a partitioned endpoint names no AcceleratorPartitionType.",
            fix = "Name one of the endpoint layout's partition types.")
    SAGEMAKER_PARTITION_TYPE_REQUIRED,
    @Doc(cause = "A component's partition type is not in its endpoint's layout.",
            fix = "Use a type the layout declares, or add it to the layout.")
    SAGEMAKER_PARTITION_TYPE_NOT_IN_LAYOUT,
    @Doc(cause = "A component names a partition type on an endpoint of whole GPUs.",
            fix = "Remove the partition type, or give the endpoint config a layout.")
    SAGEMAKER_PARTITION_TYPE_WITHOUT_LAYOUT,
    @Doc(cause = "A task definition with a MIG partition (ECS has no MIG form), or a component whose partition type is left to the advisor, has no cloud form;"
            + " or CloudFormation's resource schemas lack the field (a SageMaker partition layout or partition type: the message names resource and field).",
            fix = "Nothing to do if intended: it is left out; otherwise run gpushare advise --write first, or use another GPU form;"
                    + " for CloudFormation, create what the message names with the AWS CLI from gpushare export sagemaker (docs/cloudformation.md).")
    EXPORT_NOT_MAPPED,
    @Doc(cause = "A task definition has no memory (ECS needs task or container memory), or a capacity provider has no maxInstances for its Auto Scaling group.",
            fix = "Give the task definition memory (MiB), or the capacity provider maxInstances, in the spec.")
    EXPORT_INCOMPLETE;
}
