package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Struct;
import dev.gpushare.engine.interop.aws.AwsApiModel;
import dev.gpushare.engine.interop.aws.AwsApiModel.Naming;
import dev.gpushare.pulumi.internal.Wire;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pulumirpc.Provider;
import pulumirpc.ResourceProviderGrpc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The outputs AWS resources take as they are, checked against AWS's own API models (botocore's
 * service-2.json): a TaskDefinition's outputs make a RegisterTaskDefinition request, an Endpoint's
 * productionVariant is a ProductionVariant, an InferenceComponent's specification and
 * runtimeConfig are CreateInferenceComponent's (member names as the Pulumi AWS providers spell
 * them: lowerCamel). One resource of every GPU form ECS maps (whole, ALL, fraction, MPS with and
 * without a compute limit), a whole-GPU and a MIG endpoint, components on both.
 */
class OutputsMatchAwsModelsTest {
    @TempDir Path dir;
    private Server server;
    private ManagedChannel channel;
    private EngineDriver engine;

    @BeforeEach
    void start() throws Exception {
        String name = InProcessServerBuilder.generateName();
        server = InProcessServerBuilder.forName(name).directExecutor().addService(new GpushareProvider(dir.toString())).build().start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        engine = new EngineDriver(ResourceProviderGrpc.newBlockingStub(channel));
        engine.start("{\"backend\":\"file:" + dir.resolve("state.db") + "\"}", dir.toString());
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        server.shutdownNow();
    }

    private static EngineDriver.Res td(String family, String gpu) {
        return new EngineDriver.Res("TaskDefinition", family, """
                {"cluster":"aws","family":"%s","cpu":2048,"memory":8192,"containers":[
                 {"name":"model","image":"ghcr.io/acme/%s:1","gpu":%s},{"name":"sidecar","image":"ghcr.io/acme/log:1"}]}"""
                .formatted(family, family, gpu));
    }

    @Test
    void everyAwsReadyOutputIsAValidDocument() {
        List<EngineDriver.Res> program = List.of(
                td("whole", "1"), td("all", "\"ALL\""), td("fraction", "0.25"),
                td("mps", "{\"nvidiaMps\":{\"memory\":4096,\"maxComputePercent\":25}}"),
                td("mpsnolimit", "{\"nvidiaMps\":{\"memory\":2048}}"),
                new EngineDriver.Res("TaskDefinition", "bare", """
                        {"cluster":"aws","family":"bare","containers":[{"name":"m","image":"i"}]}"""),
                new EngineDriver.Res("Endpoint", "mig", """
                        {"cluster":"aws","name":"mig","instanceType":"ml.p4d.24xlarge","instanceCount":2,
                         "partitionLayout":["mig-3g.20gb","mig-4g.20gb"]}"""),
                new EngineDriver.Res("Endpoint", "llm", """
                        {"cluster":"aws","name":"llm","instanceType":"ml.p5.48xlarge","instanceCount":1}"""),
                new EngineDriver.Res("InferenceComponent", "gpt2", """
                        {"cluster":"aws","name":"gpt2","endpoint":"mig","model":"gpt2","partitionType":"mig-4g.20gb","copyCount":2}"""),
                new EngineDriver.Res("InferenceComponent", "llama", """
                        {"cluster":"aws","name":"llama","endpoint":"llm","model":"llama-3-8b","copyCount":4,"hostMemoryMiB":8192}"""));
        engine.up(program);

        AwsApiModel ecs = AwsApiModel.ecs();
        AwsApiModel sageMaker = AwsApiModel.sagemaker();
        List<String> violations = new ArrayList<>();
        int documents = 0;
        for (EngineDriver.Res r : program) {
            JsonNode out = LifecycleAssertions.json(engine.state.get(r.urn()).outputs());
            switch (r.type()) {
                case "TaskDefinition" -> {
                    // what aws.ecs.TaskDefinition is given: family, containerDefinitions (JSON text), cpu, memory, compatibilities
                    ObjectNode request = Wire.JSON.createObjectNode();
                    request.put("family", out.get("family").asString());
                    request.set("containerDefinitions", Wire.JSON.readTree(out.get("ecsContainerDefinitions").asString()));
                    if (out.has("ecsCpu")) request.set("cpu", out.get("ecsCpu"));
                    if (out.has("ecsMemory")) request.set("memory", out.get("ecsMemory"));
                    request.set("requiresCompatibilities", out.get("ecsRequiresCompatibilities"));
                    ecs.checkInput("RegisterTaskDefinition", request).forEach(v -> violations.add(r.name() + " " + v));
                    documents++;
                }
                case "Endpoint" -> {
                    sageMaker.check("ProductionVariant", out.get("productionVariant"), Naming.LOWER_CAMEL)
                            .forEach(v -> violations.add(r.name() + " productionVariant " + v));
                    documents++;
                }
                case "InferenceComponent" -> {
                    sageMaker.check("InferenceComponentSpecification", out.get("specification"), Naming.LOWER_CAMEL)
                            .forEach(v -> violations.add(r.name() + " specification " + v));
                    sageMaker.check("InferenceComponentRuntimeConfig", out.get("runtimeConfig"), Naming.LOWER_CAMEL)
                            .forEach(v -> violations.add(r.name() + " runtimeConfig " + v));
                    documents += 2;
                }
                default -> throw new IllegalStateException(r.type());
            }
        }
        assertThat(violations).isEmpty();
        assertThat(documents).isEqualTo(6 + 2 + 4);
    }

    @Test
    void theOutputsCarryTheNumbersOfTheSpec() {
        engine.up(List.of(td("mps", "{\"nvidiaMps\":{\"memory\":4096,\"maxComputePercent\":25}}"),
                new EngineDriver.Res("Endpoint", "mig", """
                        {"cluster":"aws","name":"mig","instanceType":"ml.p4d.24xlarge","instanceCount":2,
                         "partitionLayout":["3g.20gb","mig-4g.20gb"]}"""),
                new EngineDriver.Res("InferenceComponent", "gpt2", """
                        {"cluster":"aws","name":"gpt2","endpoint":"mig","model":"gpt2","partitionType":"4g.20gb","copyCount":3}""")));
        JsonNode td = LifecycleAssertions.json(engine.state.get(td("mps", "").urn()).outputs());
        assertThat(Wire.JSON.readTree(td.get("ecsContainerDefinitions").asString())).isEqualTo(Wire.JSON.readTree("""
                [{"name":"model","image":"ghcr.io/acme/mps:1","essential":true,
                  "resourceRequirements":[{"type":"GPU","sharingStrategy":{"nvidiaMps":{"memory":4096,"maxComputePercent":25}}}]},
                 {"name":"sidecar","image":"ghcr.io/acme/log:1","essential":true}]"""));
        assertThat(td.get("ecsCpu").asString()).isEqualTo("2048");
        assertThat(td.get("ecsMemory").asString()).isEqualTo("8192");
        assertThat(td.get("ecsRequiresCompatibilities").toString()).isEqualTo("[\"EC2\"]");
        Struct mig = engine.state.get(new EngineDriver.Res("Endpoint", "mig", "{}").urn()).outputs();
        // partition names get SageMaker's mig- prefix whichever way the spec wrote them
        assertThat(LifecycleAssertions.json(mig).get("productionVariant")).isEqualTo(Wire.JSON.readTree("""
                {"variantName":"AllTraffic","instanceType":"ml.p4d.24xlarge","initialInstanceCount":2,
                 "acceleratorPartitionLayouts":[{"acceleratorPartitionTypes":["mig-3g.20gb","mig-4g.20gb"]}]}"""));
        JsonNode ic = LifecycleAssertions.json(engine.state.get(new EngineDriver.Res("InferenceComponent", "gpt2", "{}").urn()).outputs());
        // no hostMemoryMiB: MinMemoryRequiredInMb is the exporter's 1024
        assertThat(ic.get("specification")).isEqualTo(Wire.JSON.readTree("""
                {"modelName":"gpt2","computeResourceRequirements":{"acceleratorPartitionType":"mig-4g.20gb",
                 "numberOfAcceleratorDevicesRequired":1,"minMemoryRequiredInMb":1024}}"""));
        assertThat(ic.get("runtimeConfig")).isEqualTo(Wire.JSON.readTree("{\"copyCount\":3}"));
    }

    @Test
    void aMigTaskDefinitionHasNoEcsForm() {
        engine.up(List.of(td("mig", "{\"partition\":\"3g.40gb\"}")));
        JsonNode td = LifecycleAssertions.json(engine.state.get(td("mig", "").urn()).outputs());
        assertThat(td.has("ecsContainerDefinitions")).isFalse();
        assertThat(td.get("revision").asString()).matches("mig:[0-9a-f]{12}");
    }
}
