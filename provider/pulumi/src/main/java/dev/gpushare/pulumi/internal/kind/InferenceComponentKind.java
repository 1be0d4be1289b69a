package dev.gpushare.pulumi.internal.kind;

import static dev.gpushare.pulumi.internal.kind.SchemaNodes.typeRef;

import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.engine.validate.ValidationCode;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code gpushare:index:InferenceComponent} ({@code inferenceComponents}): a changed
 * {@code partitionType} replaces it; the rest updates in place. Outputs: its copies, those that
 * did not fit, and the {@code Specification} and {@code RuntimeConfig} of CreateInferenceComponent
 * (from the code of {@code gpushare export sagemaker}; absent while the layout advisor is to
 * choose the partition type).
 */
public record InferenceComponentKind() implements ResourceKind {
    public static final String SPECIFICATION = "specification";
    public static final String RUNTIME_CONFIG = "runtimeConfig";
    private static final KindDeclaration DECLARATION = KindDeclaration.of("InferenceComponent").replacedBy("partitionType")
            .references(Map.of("endpoint", "endpoints"), ValidationCode.UNKNOWN_ENDPOINT)
            .outputs(outputs(CopyOutputs.properties("Where each copy runs (its MIG partition or GPU)."),
                    new OutputProperty(SPECIFICATION, typeRef("InferenceComponentSpecification",
                            "CreateInferenceComponent's Specification: the model and its compute resource requirements."),
                            false, Set.of("model", "partitionType", "hostMemoryMiB")),
                    new OutputProperty(RUNTIME_CONFIG, typeRef("InferenceComponentRuntimeConfig",
                            "CreateInferenceComponent's RuntimeConfig: the copy count."), false, Set.of("copyCount"))));

    @Override
    public KindDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public ObjectNode outputValues(String name, ObjectNode inputs, ClusterView view) {
        ObjectNode out = CopyOutputs.values(name, view);
        InferenceComponent ic = SpecEntries.named(view.spec(), Spec::inferenceComponents, InferenceComponent::name, name);
        if (ic != null && SageMakerExporter.mapsToSageMaker(view.spec(), ic)) {
            ObjectNode request = SageMakerExporter.component(ic);
            out.set(SPECIFICATION, LowerCamel.of(request.get("Specification")));
            out.set(RUNTIME_CONFIG, LowerCamel.of(request.get("RuntimeConfig")));
        }
        return out;
    }

    /** The copy outputs, then the CreateInferenceComponent parts. */
    private static List<OutputProperty> outputs(List<OutputProperty> copies, OutputProperty... request) {
        List<OutputProperty> all = new ArrayList<>(copies);
        all.addAll(List.of(request));
        return all;
    }
}
