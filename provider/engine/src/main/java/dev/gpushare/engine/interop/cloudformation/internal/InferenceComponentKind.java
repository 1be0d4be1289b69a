package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.model.BatchSize;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.RollingUpdatePolicy;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code AWS::SageMaker::InferenceComponent} on an endpoint of whole GPUs: its model, one device,
 * {@code MinMemoryRequiredInMb} from {@code hostMemoryMiB} (or 1024) and {@code CopyCount}.
 * CloudFormation's schema has no {@code AcceleratorPartitionType}: a component on a partitioned
 * endpoint is made outside the stack, and the note says how. A component's {@code
 * rollingUpdatePolicy} is its {@code DeploymentConfig.RollingUpdatePolicy} ({@code MaximumBatchSize},
 * {@code WaitIntervalInSeconds}, {@code MaximumExecutionTimeoutInSeconds}, {@code
 * RollbackMaximumBatchSize}), which CloudFormation uses when a stack update changes the component;
 * without one none is written (SageMaker's default applies).
 */
public final class InferenceComponentKind {
    private InferenceComponentKind() {}

    /** CloudFormation's InferenceComponentRollingUpdatePolicy (the SageMaker API's names); WaitIntervalInSeconds 0 when not given. */
    static ObjectNode rollingUpdatePolicy(RollingUpdatePolicy r) {
        ObjectNode n = Fn.object();
        n.set("MaximumBatchSize", batchSize(r.maximumBatchSize()));
        n.put("WaitIntervalInSeconds", r.waitIntervalInSeconds() == null ? 0 : r.waitIntervalInSeconds());
        if (r.maximumExecutionTimeoutInSeconds() != null) n.put("MaximumExecutionTimeoutInSeconds", r.maximumExecutionTimeoutInSeconds());
        if (r.rollbackMaximumBatchSize() != null) n.set("RollbackMaximumBatchSize", batchSize(r.rollbackMaximumBatchSize()));
        return n;
    }

    private static ObjectNode batchSize(BatchSize b) {
        ObjectNode n = Fn.object();
        n.put("Type", b.type().name());
        n.put("Value", b.value());
        return n;
    }

    /** Adds the component, or notes why it is outside the stack; returns its logical id, or null. */
    public static String add(TemplateBuilder b, int index, InferenceComponent ic, String endpointId, String modelId) {
        if (ic.partitionType() != null) {
            b.note("/inferenceComponents/" + index + "/partitionType", InteropCode.EXPORT_NOT_MAPPED, "AWS::SageMaker::InferenceComponent"
                    + " Specification.ComputeResourceRequirements.AcceleratorPartitionType is not in " + SageMakerKinds.SCHEMA
                    + ", and SageMaker refuses a component without it on a partitioned endpoint: component '" + ic.name() + "' ("
                    + ic.copyCount() + " copies of " + SageMakerKinds.migName(ic.partitionType()) + ") is not in the template. Once the"
                    + " stack's endpoint is InService, create it with 'aws sagemaker create-inference-component --cli-input-json file://"
                    + ic.name() + ".inference-component.json' (from gpushare export sagemaker); delete it before the stack.");
            return null;
        }
        String id = b.id(ic.name(), "InferenceComponent");
        ObjectNode p = Fn.object();
        p.put("InferenceComponentName", ic.name());
        p.put("EndpointName", ic.endpoint());
        p.put("VariantName", SageMakerKinds.VARIANT);
        ObjectNode spec = p.putObject("Specification");
        spec.put("ModelName", ic.model());
        spec.putObject("ComputeResourceRequirements")
                .put("NumberOfAcceleratorDevicesRequired", 1)
                .put("MinMemoryRequiredInMb", ic.hostMemoryMiB() != null ? ic.hostMemoryMiB() : SageMakerKinds.DEFAULT_HOST_MEMORY_MIB);
        p.putObject("RuntimeConfig").put("CopyCount", ic.copyCount());
        if (ic.rollingUpdatePolicy() != null) {
            p.putObject("DeploymentConfig").set("RollingUpdatePolicy", rollingUpdatePolicy(ic.rollingUpdatePolicy()));
        }
        // the names are literal (as the SageMaker API takes them); the endpoint and model must exist first
        b.resource(id, "AWS::SageMaker::InferenceComponent", List.of(endpointId, modelId), p);
        return id;
    }
}
