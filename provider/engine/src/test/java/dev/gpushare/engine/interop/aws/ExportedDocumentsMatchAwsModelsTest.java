package dev.gpushare.engine.interop.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.ecs.EcsExporter;
import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every document {@code gpushare export ecs|sagemaker} writes for the repository's examples
 * (capacity providers, task definitions and services for ECS; endpoint configurations, endpoints,
 * inference components and their rolling updates for SageMaker) is a
 * valid input of the API call it is named after, by AWS's own model (botocore's service-2.json):
 * member names, required members, types, ranges, patterns and enums (the ml. instance types
 * included).
 */
class ExportedDocumentsMatchAwsModelsTest {

    static Stream<Path> examples() {
        return Specs.examples().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void ecsDocumentsAreValidRequests(Path example) {
        assertValid(EcsExporter.export(Specs.file(example)), AwsApiModel.ecs());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void sageMakerDocumentsAreValidRequests(Path example) {
        assertValid(SageMakerExporter.export(Specs.file(example)), AwsApiModel.sagemaker());
    }

    private static void assertValid(ExportResult exported, AwsApiModel model) {
        List<String> violations = new ArrayList<>();
        for (ExportedDocument d : exported.documents()) {
            model.checkInput(d.kind(), d.body()).forEach(v -> violations.add(d.fileName() + " (" + d.kind() + ") " + v));
        }
        assertThat(violations).isEmpty();
    }

    /** The real models do reject what AWS would: a type without ml., no instances, a GPU value of 1 (not "1"). */
    @org.junit.jupiter.api.Test
    void theRealModelsRejectWhatAwsWouldReject() {
        tools.jackson.databind.json.JsonMapper json = tools.jackson.databind.json.JsonMapper.builder().build();
        List<String> sageMaker = AwsApiModel.sagemaker().checkInput("CreateEndpointConfig", json.readTree("""
                {"EndpointConfigName": "e-cfg", "ProductionVariants": [{"VariantName": "AllTraffic",
                  "InstanceType": "p4d.24xlarge", "InitialInstanceCount": 0,
                  "AcceleratorPartitionLayouts": [{"AcceleratorPartitionTypes": ["3g.20gb"]}]}]}
                """)).stream().map(Object::toString).toList();
        assertThat(sageMaker).hasSize(3)
                .anySatisfy(v -> assertThat(v).startsWith("/ProductionVariants/0/InstanceType: 'p4d.24xlarge' is not one of"))
                .anySatisfy(v -> assertThat(v).isEqualTo("/ProductionVariants/0/InitialInstanceCount: InitialTaskCount is at least 1; got 0"))
                .anySatisfy(v -> assertThat(v).startsWith("/ProductionVariants/0/AcceleratorPartitionLayouts/0/AcceleratorPartitionTypes/0: '3g.20gb' does not match"));
        List<String> ecs = AwsApiModel.ecs().checkInput("RegisterTaskDefinition", json.readTree("""
                {"family": "t", "containerDefinitions": [{"name": "m", "image": "i",
                  "resourceRequirements": [{"type": "GPU", "value": 1}]}]}
                """)).stream().map(Object::toString).toList();
        assertThat(ecs).containsExactly("/containerDefinitions/0/resourceRequirements/0/value: String is a string; got number 1");
    }

    /** So that the parameterised tests above cannot pass on an empty list of examples. */
    @org.junit.jupiter.api.Test
    void theExamplesExportSomethingToCheck() {
        int ecs = 0, sageMaker = 0;
        java.util.Set<String> kinds = new java.util.TreeSet<>(), sageMakerKinds = new java.util.TreeSet<>();
        for (Path p : Specs.examples()) {
            Spec spec = Specs.file(p);
            ecs += EcsExporter.export(spec).documents().size();
            kinds.addAll(EcsExporter.export(spec).documents().stream().map(ExportedDocument::kind).toList());
            sageMaker += SageMakerExporter.export(spec).documents().size();
            sageMakerKinds.addAll(SageMakerExporter.export(spec).documents().stream().map(ExportedDocument::kind).toList());
        }
        // examples/mixed-inference's chat-7b has a rollingUpdatePolicy: its UpdateInferenceComponent is checked too
        assertThat(sageMakerKinds).containsExactly("CreateEndpoint", "CreateEndpointConfig", "CreateInferenceComponent", "UpdateInferenceComponent");
        assertThat(ecs).isPositive();
        assertThat(kinds).containsExactly("CreateCapacityProvider", "CreateService", "RegisterTaskDefinition");
        assertThat(sageMaker).isPositive();
    }
}
