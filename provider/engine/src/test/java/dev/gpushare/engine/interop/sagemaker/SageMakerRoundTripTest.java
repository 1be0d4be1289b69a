package dev.gpushare.engine.interop.sagemaker;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.engine.interop.Resources;
import dev.gpushare.engine.interop.SourceFile;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.BatchSize;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.RollingUpdatePolicy;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

/** import(export(spec)) gives back the endpoints and components SageMaker can express. */
class SageMakerRoundTripTest {
    private static final Endpoint MIG = new Endpoint("partition-demo", "ml.p4d.24xlarge", 1, List.of("3g.20gb", "mig-4g.20gb"));
    private static final Endpoint WHOLE = new Endpoint("llm", "ml.p5.48xlarge", 2, null);
    private static final InferenceComponent ON_4G = new InferenceComponent("demo-ic-4g", "partition-demo", "gpt2", "4g.20gb", 1, null, null);
    private static final InferenceComponent ON_3G = new InferenceComponent("demo-ic-3g", "partition-demo", "bert", "mig-3g.20gb", 8, 2048, null);
    private static final InferenceComponent WHOLE_GPU = new InferenceComponent("llama", "llm", "llama-3-8b", null, 4, 8192, null);
    private static final InferenceComponent ADVISED = new InferenceComponent("advised", "partition-demo", "m", null, 1, null, 9000);

    private static Spec spec(List<Endpoint> endpoints, List<InferenceComponent> components) {
        return new Spec(Spec.API_VERSION, "c", List.of(), List.of(), List.of(), endpoints, components, List.of());
    }

    private static ImportResult roundTrip(ExportResult exported) {
        // One file per request, as `export --out-dir` writes them.
        List<SourceFile> files = exported.documents().stream()
                .map(d -> new SourceFile(d.fileName(), CloudJson.write(d.body()))).toList();
        return SageMakerImporter.read(files);
    }

    @Test
    void endpointsAndComponentsSurviveWithTheirMappedForms() {
        ExportResult exported = SageMakerExporter.export(spec(List.of(MIG, WHOLE), List.of(ON_4G, ON_3G, WHOLE_GPU)));
        ImportResult back = roundTrip(exported);
        // Mapped part: partition names carry mig- (SageMaker's spelling); a missing hostMemoryMiB
        // becomes the 1024 MB written as MinMemoryRequiredInMb.
        assertThat(exported.notes()).isEmpty();
        assertThat(back.problems()).isEmpty();
        assertThat(back.fragment().endpoints()).containsExactly(
                new Endpoint("partition-demo", "ml.p4d.24xlarge", 1, List.of("mig-3g.20gb", "mig-4g.20gb")), WHOLE);
        assertThat(back.fragment().inferenceComponents()).containsExactly(
                new InferenceComponent("demo-ic-4g", "partition-demo", "gpt2", "mig-4g.20gb", 1, 1024, null),
                ON_3G, WHOLE_GPU);
    }

    @Test
    void aRollingUpdatePolicyIsTheUpdateRequestsDeploymentConfigAndComesBack() {
        InferenceComponent rolling = new InferenceComponent("chat", "llm", "llama-3-8b", null, 4, 8192, null,
                new RollingUpdatePolicy(BatchSize.capacityPercent(25), 120, 1800, BatchSize.copyCount(2)));
        ExportResult exported = SageMakerExporter.export(spec(List.of(WHOLE), List.of(rolling, WHOLE_GPU)));
        // the update request only for the component with a policy
        assertThat(exported.documents()).extracting(ExportedDocument::fileName, ExportedDocument::kind).containsExactly(
                tuple("llm.endpoint-config.json", "CreateEndpointConfig"),
                tuple("llm.endpoint.json", "CreateEndpoint"),
                tuple("chat.inference-component.json", "CreateInferenceComponent"),
                tuple("chat.inference-component-update.json", "UpdateInferenceComponent"),
                tuple("llama.inference-component.json", "CreateInferenceComponent"));
        JsonMapper json = JsonMapper.builder().build();
        assertThat(json.readTree(CloudJson.write(exported.documents().get(3).body().get("DeploymentConfig")))).isEqualTo(json.readTree("""
                {"RollingUpdatePolicy": {"MaximumBatchSize": {"Type": "CAPACITY_PERCENT", "Value": 25}, "WaitIntervalInSeconds": 120,
                  "MaximumExecutionTimeoutInSeconds": 1800, "RollbackMaximumBatchSize": {"Type": "COPY_COUNT", "Value": 2}}}"""));
        ImportResult back = roundTrip(exported);
        assertThat(back.problems()).isEmpty();
        assertThat(back.fragment().inferenceComponents()).containsExactly(rolling, WHOLE_GPU);
    }

    @Test
    void anUpdateWithoutItsComponentOrOutOfRangeIsAProblem() {
        ImportResult r = SageMakerImporter.read("u.json", """
                [{"InferenceComponentName": "ghost", "DeploymentConfig": {"RollingUpdatePolicy":
                   {"MaximumBatchSize": {"Type": "COPY_COUNT", "Value": 1}, "WaitIntervalInSeconds": 0}}},
                 {"InferenceComponentName": "c", "EndpointName": "e", "Specification": {"ModelName": "m",
                   "ComputeResourceRequirements": {"MinMemoryRequiredInMb": 1024}}},
                 {"InferenceComponentName": "c", "DeploymentConfig": {"RollingUpdatePolicy":
                   {"MaximumBatchSize": {"Type": "COPIES", "Value": 1}, "WaitIntervalInSeconds": 4000}}}]
                """);
        assertThat(r.problems()).extracting((Problem p) -> p.code().name(), Problem::path).containsExactly(
                tuple("SAGEMAKER_UPDATE_UNKNOWN_COMPONENT", "/0/InferenceComponentName"),
                tuple("SAGEMAKER_ROLLING_UPDATE_INVALID", "/2/DeploymentConfig/RollingUpdatePolicy/MaximumBatchSize"),
                tuple("SAGEMAKER_ROLLING_UPDATE_INVALID", "/2/DeploymentConfig/RollingUpdatePolicy/WaitIntervalInSeconds"));
        assertThat(r.fragment().inferenceComponents()).extracting(InferenceComponent::rollingUpdatePolicy).containsExactly((RollingUpdatePolicy) null);
    }

    @Test
    void advisorChosenPartitionsAreNotMapped() {
        ExportResult exported = SageMakerExporter.export(spec(List.of(MIG), List.of(ON_4G, ADVISED)));
        assertThat(exported.notes()).extracting((Problem c) -> c.code().name(), Problem::path)
                .containsExactly(tuple("EXPORT_NOT_MAPPED", "/inferenceComponents/1/partitionType"));
        assertThat(roundTrip(exported).fragment().inferenceComponents()).extracting(InferenceComponent::name)
                .containsExactly("demo-ic-4g");
    }

    @Test
    void theRequestsMatchTheDocumentedExample() {
        ExportResult exported = SageMakerExporter.export(spec(List.of(MIG), List.of(ON_4G)));
        assertThat(exported.documents()).extracting(ExportedDocument::fileName, ExportedDocument::kind).containsExactly(
                tuple("partition-demo.endpoint-config.json", "CreateEndpointConfig"),
                tuple("partition-demo.endpoint.json", "CreateEndpoint"),
                tuple("demo-ic-4g.inference-component.json", "CreateInferenceComponent"));
        JsonMapper json = JsonMapper.builder().build();
        JsonNode config = json.readTree(Resources.text("sagemaker/partition-demo-endpoint-config.json"));
        assertThat(exported.documents().get(0).body()).isEqualTo(config);
        // The §3.10 component plus the ModelName the spec holds.
        JsonNode component = json.readTree(Resources.text("sagemaker/demo-ic-4g.json"));
        ((tools.jackson.databind.node.ObjectNode) component.get("Specification")).put("ModelName", "gpt2");
        assertThat(json.readTree(CloudJson.write(exported.documents().get(2).body())))
                .isEqualTo(json.readTree(CloudJson.write(component)));
    }
}
