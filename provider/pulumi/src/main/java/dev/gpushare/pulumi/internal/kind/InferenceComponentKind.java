package dev.gpushare.pulumi.internal.kind;

import static dev.gpushare.pulumi.internal.kind.SchemaNodes.array;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.ref;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.typeRef;

import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.engine.validate.ValidationCode;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Spec;
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

    @Override
    public String typeName() {
        return "InferenceComponent";
    }

    @Override
    public Set<String> replacingInputs() {
        return Set.of("partitionType");
    }

    @Override
    public List<OutputProperty> outputs() {
        return List.of(
                new OutputProperty(ServiceKind.Copies.COPIES, array(ref(SchemaNodes.TYPES + "CopyPlacement"),
                        "Where each copy runs (its MIG partition or GPU)."), true, Set.of()),
                new OutputProperty(ServiceKind.Copies.UNPLACED, array(ref(SchemaNodes.TYPES + "UnplacedCopy"),
                        "Copies that could not be placed (empty when the capacity suffices)."), true, Set.of()),
                new OutputProperty(SPECIFICATION, typeRef("InferenceComponentSpecification",
                        "CreateInferenceComponent's Specification: the model and its compute resource requirements."),
                        false, Set.of("model", "partitionType", "hostMemoryMiB")),
                new OutputProperty(RUNTIME_CONFIG, typeRef("InferenceComponentRuntimeConfig",
                        "CreateInferenceComponent's RuntimeConfig: the copy count."), false, Set.of("copyCount")));
    }

    @Override
    public ObjectNode outputValues(String name, ObjectNode inputs, ClusterView view) {
        ObjectNode out = ServiceKind.Copies.of(name, view);
        InferenceComponent ic = find(view.spec(), name);
        if (ic != null && SageMakerExporter.mapsToSageMaker(view.spec(), ic)) {
            ObjectNode request = SageMakerExporter.component(ic);
            out.set(SPECIFICATION, LowerCamel.of(request.get("Specification")));
            out.set(RUNTIME_CONFIG, LowerCamel.of(request.get("RuntimeConfig")));
        }
        return out;
    }

    @Override
    public Map<String, String> references() {
        return REFERENCES;
    }

    private static final Map<String, String> REFERENCES = Map.of("endpoint", "endpoints");

    @Override
    public Set<dev.gpushare.model.problem.ProblemCode> notYet() {
        return Set.of(ValidationCode.UNKNOWN_ENDPOINT);
    }

    private static InferenceComponent find(Spec spec, String name) {
        if (spec == null) return null;
        for (InferenceComponent ic : spec.inferenceComponents()) if (ic.name().equals(name)) return ic;
        return null;
    }
}
