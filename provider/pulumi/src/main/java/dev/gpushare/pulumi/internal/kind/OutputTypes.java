package dev.gpushare.pulumi.internal.kind;

import static dev.gpushare.pulumi.internal.kind.SchemaNodes.array;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.arrayOf;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.prop;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.ref;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.type;

import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The object types of the outputs, for the package schema: the placement ({@link Placements})
 * and the SageMaker request parts in the member names of the Pulumi AWS providers.
 */
public final class OutputTypes {
    private OutputTypes() {}

    /** Adds every output object type to the schema's {@code types}. */
    public static void addTo(ObjectNode types) {
        ObjectNode gpu = objectType(types, "GpuPlacement", "One GPU of an instance.", List.of("index", "model", "memoryMiB", "partitions"));
        gpu.set("index", prop("integer", "0-based GPU index on the instance."));
        gpu.set("model", prop("string", "GPU model, e.g. A100-80GB."));
        gpu.set("memoryMiB", prop("integer", "Usable GPU memory in MiB."));
        gpu.set("partitions", array(type("string"), "MIG instances as profile@start, ordered by start."));
        ObjectNode inst = objectType(types, "InstancePlacement", "One instance and its GPUs.", List.of("id", "instanceType", "healthy", "gpus"));
        inst.set("id", prop("string", "Stable instance id, <pool>-<n>."));
        inst.set("instanceType", prop("string", "Instance type."));
        inst.set("healthy", prop("boolean", "False once marked unhealthy."));
        inst.set("gpus", arrayOf("GpuPlacement", "GPUs by index."));
        ObjectNode cont = objectType(types, "ContainerPlacement", "One container of a copy on one GPU.", List.of("container", "gpu", "env"));
        cont.set("container", prop("string", "Container (or model) name."));
        cont.set("gpu", prop("integer", "GPU index on the instance."));
        cont.set("memoryMiB", prop("integer", "MPS GPU memory reserved, in MiB."));
        cont.set("maxComputePercent", prop("integer", "MPS compute limit, in percent."));
        cont.set("partition", prop("string", "MIG instance used, profile@start."));
        ObjectNode env = type("object");
        env.set("additionalProperties", type("string"));
        env.put("description", "Environment the container must be started with.");
        cont.set("env", env);
        ObjectNode copy = objectType(types, "CopyPlacement", "One copy (SERVICE/N or COMPONENT/N), where it runs and what it runs.",
                List.of("copy", "instanceId", "containers"));
        copy.set("copy", prop("string", "Copy name, NAME/N."));
        copy.set("instanceId", prop("string", "Instance it runs on."));
        copy.set("revision", prop("string", "What the copy runs: the revision gpushare status shows, 12 hexadecimal digits "
                + "of its task definition (service) or model and specification (component), e.g. b58549ff7ab5; "
                + "changes when they change. Absent for a copy stored before revisions were recorded."));
        copy.set("containers", arrayOf("ContainerPlacement", "Per container and GPU."));
        ObjectNode un = objectType(types, "UnplacedCopy", "A copy that did not fit, and why.", List.of("copy", "code", "message"));
        un.set("copy", prop("string", "Copy name, NAME/N."));
        un.set("code", prop("string", "Stable reason code, e.g. INSUFFICIENT_GPU_MEMORY."));
        un.set("message", prop("string", "The numbers and the smallest change that would make it fit."));

        ObjectNode layout = objectType(types, "AcceleratorPartitionLayout",
                "SageMaker's AcceleratorPartitionLayout: how one GPU of the variant is cut.", List.of("acceleratorPartitionTypes"));
        layout.set("acceleratorPartitionTypes", array(type("string"), "MIG profiles of one GPU, in the layout's order, with the mig- prefix."));
        ObjectNode variant = objectType(types, "ProductionVariant",
                "SageMaker's ProductionVariant of an endpoint configuration (aws.sagemaker.EndpointConfiguration productionVariants[]).",
                List.of("variantName", "instanceType", "initialInstanceCount"));
        variant.set("variantName", prop("string", "The variant's name (AllTraffic)."));
        variant.set("instanceType", prop("string", "The ml. instance type."));
        variant.set("initialInstanceCount", prop("integer", "Instances of the variant."));
        variant.set("acceleratorPartitionLayouts", arrayOf("AcceleratorPartitionLayout",
                "The MIG layout every GPU of the variant gets; absent for whole GPUs."));
        ObjectNode req = objectType(types, "ComputeResourceRequirements",
                "SageMaker's InferenceComponentComputeResourceRequirements.", List.of("numberOfAcceleratorDevicesRequired", "minMemoryRequiredInMb"));
        req.set("acceleratorPartitionType", prop("string", "The MIG profile one copy occupies, with the mig- prefix; absent for whole GPUs."));
        req.set("numberOfAcceleratorDevicesRequired", prop("number", "Accelerator devices (GPUs or partitions) per copy: 1."));
        req.set("minMemoryRequiredInMb", prop("integer", "Host memory per copy, MB (hostMemoryMiB, or 1024 when not given)."));
        ObjectNode spec = objectType(types, "InferenceComponentSpecification",
                "SageMaker's InferenceComponentSpecification (CreateInferenceComponent Specification).",
                List.of("modelName", "computeResourceRequirements"));
        spec.set("modelName", prop("string", "The model."));
        spec.set("computeResourceRequirements", ref(SchemaNodes.TYPES + "ComputeResourceRequirements"));
        ObjectNode runtime = objectType(types, "InferenceComponentRuntimeConfig",
                "SageMaker's InferenceComponentRuntimeConfig (CreateInferenceComponent RuntimeConfig).", List.of("copyCount"));
        runtime.set("copyCount", prop("integer", "Copies of the component."));
    }

    private static ObjectNode objectType(ObjectNode types, String token, String description, List<String> required) {
        ObjectNode t = types.putObject(ResourceKind.PACKAGE + ":index:" + token);
        t.put("type", "object");
        t.put("description", description);
        ArrayNode req = t.putArray("required");
        required.forEach(req::add);
        return t.putObject("properties");
    }
}
