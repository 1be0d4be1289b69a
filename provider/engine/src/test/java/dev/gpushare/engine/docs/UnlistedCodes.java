package dev.gpushare.engine.docs;

import java.util.List;

/**
 * Cause and fix of the codes that exist only as string literals in the code (import/export,
 * the layout advisor, backends): they have no enum to read them from, so the documentation keeps
 * them here. {@code TroubleshootingDocTest} sweeps the main sources for code literals and fails
 * when one is neither here nor in an enum; an owner who adds such an enum can drop its section.
 */
final class UnlistedCodes {
    private UnlistedCodes() {}

    static final String ECS = "ECS import";
    static final String SAGEMAKER = "SageMaker import";
    static final String EXPORT = "export";
    static final String ADVISOR = "layout advisor";
    static final String BACKEND = "backend";

    static final List<CodeEntry> ALL = List.of(
            // gpushare import ecs (EcsTaskDefinitionImporter)
            e("PARSE_ERROR", ECS + ", " + SAGEMAKER,
                    "The imported file is empty or not valid JSON (the message gives the line and column).",
                    "Correct the JSON at that place; the AWS CLI and the console accept only strict JSON (no trailing commas)."),
            e("ECS_TYPE", ECS,
                    "A task definition, container definition, resource requirement or nvidiaMps value has the wrong JSON type.",
                    "Write the value in the shape the message gives, as RegisterTaskDefinition takes it."),
            e("ECS_REQUIRED", ECS,
                    "A task definition lacks family or containerDefinitions, a container lacks name or image, or a resource requirement lacks type.",
                    "Add the missing field named in the message."),
            e("ECS_CPU_INVALID", ECS,
                    "The task's cpu is neither CPU units (\"1024\") nor vCPUs (\"1 vCPU\").",
                    "Write cpu as CPU units (1024 = one vCPU) or as \"N vCPU\"."),
            e("ECS_MEMORY_INVALID", ECS,
                    "The task's memory is neither MiB (\"2048\") nor GB (\"2 GB\").",
                    "Write memory as MiB or as \"N GB\"."),
            e("ECS_DUPLICATE_FAMILY", ECS,
                    "The same family appears twice in one import.",
                    "Import each family once; keep the revision you want."),
            e("ECS_UNKNOWN_PROPERTY", ECS,
                    "nvidiaMps has a member other than memory and maxComputePercent.",
                    "Remove the member; only memory (MiB) and maxComputePercent (1 to 100) are allowed."),
            e("ECS_VALUE_AND_SHARING_STRATEGY", ECS,
                    "A GPU resource requirement gives both value and sharingStrategy.",
                    "Keep one: value for whole or fractional GPUs, sharingStrategy for an MPS share."),
            e("ECS_GPU_VALUE_MISSING", ECS,
                    "A GPU resource requirement gives neither value nor sharingStrategy.",
                    "Give value (a count, a fraction or ALL) or sharingStrategy.nvidiaMps."),
            e("ECS_GPU_VALUE_INVALID", ECS,
                    "A GPU value is not a count of at least 1, a fraction below 1 (0.125, 0.25, 0.5) or ALL.",
                    "Write one of those values, as a string (\"2\", \"0.25\", \"ALL\")."),
            e("ECS_DUPLICATE_GPU_REQUIREMENT", ECS,
                    "One container has a second GPU resource requirement.",
                    "Merge them into one GPU entry."),
            e("ECS_SHARING_STRATEGY_NOT_GPU", ECS,
                    "sharingStrategy is given on a resource requirement whose type is not GPU.",
                    "Move the sharingStrategy to the container's GPU entry."),
            e("ECS_SHARING_STRATEGY_EMPTY", ECS,
                    "sharingStrategy is an empty object.",
                    "Set exactly one member: nvidiaMps."),
            e("ECS_SHARING_STRATEGY_UNKNOWN", ECS,
                    "sharingStrategy has a member other than nvidiaMps.",
                    "Use nvidiaMps, the only sharing strategy ECS has."),
            e("ECS_MPS_MEMORY_MISSING", ECS,
                    "nvidiaMps has no memory.",
                    "Give memory: the GPU memory to reserve, in MiB."),
            e("ECS_MPS_MEMORY_TOO_SMALL", ECS,
                    "nvidiaMps.memory is below 1 MiB.",
                    "Give the container's real GPU memory need in MiB."),
            e("ECS_MPS_COMPUTE_PERCENT_RANGE", ECS,
                    "nvidiaMps.maxComputePercent is outside 1 to 100.",
                    "Use a percentage from 1 to 100, or leave it out for no limit."),
            e("ECS_MIXED_GPU_FORMS", ECS,
                    "One task has whole-GPU (value) containers and MPS (sharingStrategy) containers.",
                    "Use one form for every GPU container of the task, or split the task."),
            e("ECS_FRACTIONAL_WITH_OTHER_GPU", ECS,
                    "A task with a fractional-GPU container has another container that asks for a GPU.",
                    "Keep the fractional container the task's only GPU container."),
            e("ECS_COMPATIBILITY_UNSUPPORTED", ECS,
                    "requiresCompatibilities names FARGATE with a GPU, or EXTERNAL with MPS or a fraction.",
                    "Use EC2 (or MANAGED_INSTANCES) for GPU tasks."),

            // gpushare import sagemaker (SageMakerImporter)
            e("SAGEMAKER_UNKNOWN_DOCUMENT", SAGEMAKER,
                    "A document is none of CreateEndpointConfig, CreateEndpoint or CreateInferenceComponent.",
                    "Import only those requests, as the AWS CLI's --cli-input-json takes them."),
            e("SAGEMAKER_REQUIRED", SAGEMAKER,
                    "A required field of the request is missing (ProductionVariants, Specification, MinMemoryRequiredInMb, names).",
                    "Add the field named in the message."),
            e("SAGEMAKER_SERVERLESS_UNSUPPORTED", SAGEMAKER,
                    "A production variant is serverless, which has no GPUs.",
                    "Leave serverless variants out of the import."),
            e("SAGEMAKER_INSTANCE_COUNT", SAGEMAKER,
                    "InitialInstanceCount is not a whole number of at least 1.",
                    "Give a whole number of at least 1."),
            e("SAGEMAKER_COPY_COUNT", SAGEMAKER,
                    "RuntimeConfig.CopyCount is not a whole number of at least 1.",
                    "Give a whole number of at least 1, or leave it out for 1."),
            e("SAGEMAKER_EMPTY_LAYOUT", SAGEMAKER,
                    "AcceleratorPartitionLayouts or its partition type list is empty.",
                    "List the partition types, or leave the layout out for whole GPUs."),
            e("SAGEMAKER_MULTIPLE_LAYOUTS", SAGEMAKER,
                    "AcceleratorPartitionLayouts has more than one entry.",
                    "Keep exactly one layout per variant."),
            e("SAGEMAKER_PARTITION_TYPE_INVALID", SAGEMAKER,
                    "A partition type is not of the form mig-Ng.Mgb.",
                    "Write the MIG profile with its mig- prefix, e.g. mig-3g.20gb."),
            e("SAGEMAKER_DEVICES_NOT_ONE", SAGEMAKER,
                    "NumberOfAcceleratorDevicesRequired is not 1 on a component with a partition type.",
                    "Set it to 1: a copy takes one partition."),
            e("SAGEMAKER_DEVICES_UNSUPPORTED", SAGEMAKER,
                    "NumberOfAcceleratorDevicesRequired is not 1 on a component without a partition type.",
                    "Set it to 1: gpushare gives a copy one whole GPU."),
            e("SAGEMAKER_MIN_MEMORY", SAGEMAKER,
                    "MinMemoryRequiredInMb is below 128.",
                    "Give at least 128 (MiB of host memory per copy)."),
            e("SAGEMAKER_VARIANT_REQUIRED", SAGEMAKER,
                    "A component on an endpoint with several variants names no VariantName.",
                    "Name the variant the component runs on."),
            e("SAGEMAKER_VARIANT_UNKNOWN", SAGEMAKER,
                    "A component's VariantName is not a variant of its endpoint.",
                    "Use one of the variant names the message lists."),
            e("SAGEMAKER_PARTITION_TYPE_REQUIRED", SAGEMAKER,
                    "A component on a partitioned endpoint names no AcceleratorPartitionType.",
                    "Name one of the endpoint layout's partition types."),
            e("SAGEMAKER_PARTITION_TYPE_NOT_IN_LAYOUT", SAGEMAKER,
                    "A component's partition type is not in its endpoint's layout.",
                    "Use a type the layout declares, or add it to the layout."),
            e("SAGEMAKER_PARTITION_TYPE_WITHOUT_LAYOUT", SAGEMAKER,
                    "A component names a partition type on an endpoint of whole GPUs.",
                    "Remove the partition type, or give the endpoint config a layout."),

            // gpushare export (warnings: the other documents are still written)
            e("EXPORT_NOT_MAPPED", EXPORT,
                    "A task definition with a MIG partition (ECS has no MIG form), or a component whose partition type is left to the advisor, has no cloud form.",
                    "Nothing to do if intended: it is left out; otherwise run gpushare advise --write first, or use another GPU form."),
            e("EXPORT_INCOMPLETE", EXPORT,
                    "A task definition has no memory; ECS needs task or container memory.",
                    "Give the task definition memory (MiB) in the spec."),

            // gpushare advise (endpoints not advised)
            e("MIG_NOT_SUPPORTED", ADVISOR,
                    "An endpoint asks for advice (gpuMemoryMiB, no layout) but its instance type's GPU is not MIG-capable.",
                    "Use a MIG-capable instance type (A100, H100, H200, B200, RTX PRO 6000), or drop gpuMemoryMiB to use whole GPUs."),
            e("GPU_MEMORY_EXCEEDS_PARTITION", ADVISOR,
                    "A component's gpuMemoryMiB is more than the largest MIG instance of the GPU.",
                    "Lower gpuMemoryMiB, use a GPU with more memory, or drop gpuMemoryMiB to give each copy a whole GPU."),

            // Backends (BackendException.code(); the CLI prints the message and exits with status 4)
            e("BACKEND_URL_INVALID", BACKEND,
                    "The --backend URL (or GPUSHARE_BACKEND) is neither file:PATH nor http(s)://HOST, or names no file.",
                    "Use file:PATH, e.g. file:.gpushare/state (the default), or the URL of a gpushare server."),
            e("BACKEND_UNAVAILABLE", BACKEND,
                    "The state file cannot be opened (path, permissions), or a remote backend cannot be reached.",
                    "Check the path and its permissions or the server address, or pass another --backend."),
            e("BACKEND_VERSION", BACKEND,
                    "The state file was written by a newer gpushare.",
                    "Upgrade gpushare, or use another state file."),
            e("BACKEND_IO", BACKEND,
                    "Reading or writing the state failed midway (disk full, file locked or damaged).",
                    "Fix the cause the message gives and rerun; a failed batch writes nothing."),
            e("UNKNOWN_INSTANCE", BACKEND,
                    "gpushare instance mark-unhealthy names an instance the cluster does not have.",
                    "Use an id from gpushare status --cluster CLUSTER."));

    private static CodeEntry e(String code, String source, String cause, String fix) {
        return new CodeEntry(code, source, cause, fix);
    }
}
