package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.model.InferenceComponent;
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

    /** Adds the component, or notes why it is outside the stack; returns its logical id, or null. */
    public static String add(TemplateBuilder b, int index, InferenceComponent ic, String endpointId, String modelId) {
        if (ic.partitionType() != null) {
            b.note("/inferenceComponents/" + index + "/partitionType", InteropCode.EXPORT_NOT_MAPPED, "AWS::SageMaker::InferenceComponent"
                    + " Specification.ComputeResourceRequirements.AcceleratorPartitionType is not in " + SageMakerKinds.SCHEMA
                    + ", and SageMaker refuses a component without it on a partitioned endpoint: component '" + ic.name() + "' ("
                    + ic.copyCount() + " copies of " + SageMakerExporter.sageMakerName(ic.partitionType()) + ") is not in the template. Once the"
                    + " stack's endpoint is InService, create it with 'aws sagemaker create-inference-component --cli-input-json file://"
                    + ic.name() + ".inference-component.json' (from gpushare export sagemaker); delete it before the stack.");
            return null;
        }
        String id = b.id(ic.name(), "InferenceComponent");
        // CloudFormation's properties are the SageMaker API's names: the request of export sagemaker (here
        // without a partition type) and, when the component has a policy, DeploymentConfig as UpdateInferenceComponent's
        ObjectNode p = SageMakerExporter.component(ic);
        if (ic.rollingUpdatePolicy() != null) {
            p.putObject("DeploymentConfig").set("RollingUpdatePolicy", SageMakerExporter.rollingUpdatePolicy(ic.rollingUpdatePolicy()));
        }
        // the names are literal (as the SageMaker API takes them); the endpoint and model must exist first
        b.resource(id, "AWS::SageMaker::InferenceComponent", List.of(endpointId, modelId), p);
        return id;
    }
}
