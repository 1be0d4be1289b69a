package dev.gpushare.engine.interop.sagemaker;

import dev.gpushare.engine.interop.FragmentWriter;
import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.engine.interop.Resources;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.problem.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** The partition example of aws-gpu-sharing.md §3.10, and SageMaker's rules as problems. */
class SageMakerImportTest {

    @Test
    void thePartitionDemoEndpointAndItsComponent() {
        ImportResult r = SageMakerImporter.read(List.of(
                Resources.file("sagemaker/partition-demo-endpoint-config.json"),
                Resources.file("sagemaker/demo-ic-4g.json")));
        // The config "partition-demo-cfg" serves the endpoint "partition-demo" the component names.
        // No ModelName in the request: the model is called by the component's name.
        assertThat(r.problems()).isEmpty();
        assertThat(r.fragment().endpoints()).containsExactly(
                new Endpoint("partition-demo", "ml.p4d.24xlarge", 1, List.of("mig-3g.20gb", "mig-4g.20gb")));
        assertThat(r.fragment().inferenceComponents()).containsExactly(
                new InferenceComponent("demo-ic-4g", "partition-demo", "demo-ic-4g", "mig-4g.20gb", 1, 1024, null));
        assertThat(FragmentWriter.toYaml(FragmentWriter.toTree(r.fragment()))).isEqualTo("""
                endpoints:
                - name: partition-demo
                  instanceType: ml.p4d.24xlarge
                  instanceCount: 1
                  partitionLayout:
                  - mig-3g.20gb
                  - mig-4g.20gb
                inferenceComponents:
                - name: demo-ic-4g
                  endpoint: partition-demo
                  model: demo-ic-4g
                  partitionType: mig-4g.20gb
                  copyCount: 1
                  hostMemoryMiB: 1024
                """);
    }

    @Test
    void aCreateEndpointRequestNamesTheEndpoint() {
        String json = """
                [{"EndpointName": "prod-llm", "EndpointConfigName": "llm-v7"},
                 {"EndpointConfigName": "llm-v7", "ProductionVariants": [
                   {"VariantName": "AllTraffic", "InstanceType": "ml.p5.48xlarge", "InitialInstanceCount": 2}]},
                 {"InferenceComponentName": "llama", "EndpointName": "prod-llm",
                  "Specification": {"ModelName": "llama-3-8b", "ComputeResourceRequirements": {
                     "NumberOfAcceleratorDevicesRequired": 1, "MinMemoryRequiredInMb": 4096}},
                  "RuntimeConfig": {"CopyCount": 3}}]""";
        ImportResult r = SageMakerImporter.read("llm.json", json);
        assertThat(r.problems()).isEmpty();
        assertThat(r.fragment().endpoints()).containsExactly(new Endpoint("prod-llm", "ml.p5.48xlarge", 2, null));
        assertThat(r.fragment().inferenceComponents()).containsExactly(
                new InferenceComponent("llama", "prod-llm", "llama-3-8b", null, 3, 4096, null));
    }

    @Test
    void severalVariantsBecomeOneEndpointEach() {
        String json = """
                [{"EndpointConfigName": "ab-cfg", "ProductionVariants": [
                   {"VariantName": "a", "InstanceType": "ml.p4d.24xlarge", "InitialInstanceCount": 1,
                    "AcceleratorPartitionLayouts": [{"AcceleratorPartitionTypes": ["mig-1g.5gb"]}]},
                   {"VariantName": "b", "InstanceType": "ml.p4d.24xlarge", "InitialInstanceCount": 1}]},
                 {"InferenceComponentName": "x", "EndpointName": "ab", "VariantName": "a",
                  "Specification": {"ComputeResourceRequirements": {"AcceleratorPartitionType": "mig-1g.5gb",
                    "NumberOfAcceleratorDevicesRequired": 1, "MinMemoryRequiredInMb": 512}}}]""";
        ImportResult r = SageMakerImporter.read("ab.json", json);
        assertThat(r.problems()).isEmpty();
        assertThat(r.fragment().endpoints()).extracting(Endpoint::name).containsExactly("ab-a", "ab-b");
        assertThat(r.fragment().inferenceComponents()).extracting(InferenceComponent::endpoint).containsExactly("ab-a");
    }

    private static final String CONFIG = """
            {"EndpointConfigName": "demo-cfg", "ProductionVariants": [{"VariantName": "AllTraffic",
             "InstanceType": "ml.p4d.24xlarge", "InitialInstanceCount": 1,
             "AcceleratorPartitionLayouts": [{"AcceleratorPartitionTypes": ["mig-3g.20gb", "mig-4g.20gb"]}]}]}""";

    private static String component(String requirements) {
        return "{\"InferenceComponentName\": \"ic\", \"EndpointName\": \"demo\", \"Specification\": "
                + "{\"ComputeResourceRequirements\": {" + requirements + "}}, \"RuntimeConfig\": {\"CopyCount\": 1}}";
    }

    private static final String REQ = "/1/Specification/ComputeResourceRequirements";
    private static final String LAYOUTS = "/0/ProductionVariants/0/AcceleratorPartitionLayouts";

    static Stream<Arguments> invalid() {
        return Stream.of(
                arguments("two layout entries",
                        CONFIG.replace("\"mig-4g.20gb\"]}]", "\"mig-4g.20gb\"]}, {\"AcceleratorPartitionTypes\": [\"mig-7g.40gb\"]}]"),
                        component("\"AcceleratorPartitionType\": \"mig-4g.20gb\", \"MinMemoryRequiredInMb\": 1024"),
                        "SAGEMAKER_MULTIPLE_LAYOUTS", LAYOUTS + "/1"),
                arguments("an empty layout",
                        CONFIG.replace("\"mig-3g.20gb\", \"mig-4g.20gb\"", ""),
                        component("\"MinMemoryRequiredInMb\": 1024"),
                        "SAGEMAKER_EMPTY_LAYOUT", LAYOUTS + "/0/AcceleratorPartitionTypes"),
                arguments("a partition name without mig-",
                        CONFIG.replace("\"mig-3g.20gb\",", "\"3g.20gb\","),
                        component("\"AcceleratorPartitionType\": \"mig-4g.20gb\", \"MinMemoryRequiredInMb\": 1024"),
                        "SAGEMAKER_PARTITION_TYPE_INVALID", LAYOUTS + "/0/AcceleratorPartitionTypes/0"),
                arguments("two devices with a partition type",
                        CONFIG,
                        component("\"AcceleratorPartitionType\": \"mig-4g.20gb\", \"NumberOfAcceleratorDevicesRequired\": 2, \"MinMemoryRequiredInMb\": 1024"),
                        "SAGEMAKER_DEVICES_NOT_ONE", REQ + "/NumberOfAcceleratorDevicesRequired"),
                arguments("no partition type on a partitioned endpoint",
                        CONFIG,
                        component("\"MinMemoryRequiredInMb\": 1024"),
                        "SAGEMAKER_PARTITION_TYPE_REQUIRED", REQ),
                arguments("a partition type the layout does not declare",
                        CONFIG,
                        component("\"AcceleratorPartitionType\": \"mig-1g.5gb\", \"MinMemoryRequiredInMb\": 1024"),
                        "SAGEMAKER_PARTITION_TYPE_NOT_IN_LAYOUT", REQ + "/AcceleratorPartitionType"),
                arguments("a partition type on an endpoint of whole GPUs",
                        CONFIG.replaceAll(",\\s*\"AcceleratorPartitionLayouts\": \\[.*\\]\\}\\]\\}", "}]}"),
                        component("\"AcceleratorPartitionType\": \"mig-4g.20gb\", \"MinMemoryRequiredInMb\": 1024"),
                        "SAGEMAKER_PARTITION_TYPE_WITHOUT_LAYOUT", REQ + "/AcceleratorPartitionType"),
                arguments("no MinMemoryRequiredInMb",
                        CONFIG,
                        component("\"AcceleratorPartitionType\": \"mig-4g.20gb\""),
                        "SAGEMAKER_REQUIRED", REQ),
                arguments("host memory below 128 MB",
                        CONFIG,
                        component("\"AcceleratorPartitionType\": \"mig-4g.20gb\", \"MinMemoryRequiredInMb\": 64"),
                        "SAGEMAKER_MIN_MEMORY", REQ + "/MinMemoryRequiredInMb"),
                arguments("no instances",
                        CONFIG.replace("\"InitialInstanceCount\": 1", "\"InitialInstanceCount\": 0"),
                        component("\"AcceleratorPartitionType\": \"mig-4g.20gb\", \"MinMemoryRequiredInMb\": 1024"),
                        "SAGEMAKER_INSTANCE_COUNT", "/0/ProductionVariants/0/InitialInstanceCount"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void eachBrokenRuleIsOneProblemAtItsPath(String description, String config, String component, String code, String path) {
        ImportResult r = SageMakerImporter.read("requests.json", "[" + config + "," + component + "]");
        assertThat(r.problems()).extracting((Problem c) -> c.code().name(), Problem::path, Problem::file)
                .containsExactly(tuple(code, path, "requests.json"));
    }

    @Test
    void aFileThatIsNoSageMakerRequestIsNamed() {
        ImportResult r = SageMakerImporter.read("ecs.json", Resources.text("ecs/mps-embedder.json"));
        assertThat(r.problems()).extracting((Problem c) -> c.code().name(), Problem::path).containsExactly(tuple("SAGEMAKER_UNKNOWN_DOCUMENT", ""));
    }
}
