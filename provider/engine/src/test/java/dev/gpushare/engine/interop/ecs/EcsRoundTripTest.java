package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.engine.interop.SourceFile;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.DeploymentCircuitBreaker;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import dev.gpushare.model.problem.Problem;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** import(export(spec)) gives back the task definitions ECS can express, unchanged. */
class EcsRoundTripTest {
    private static final TaskDefinition MPS = new TaskDefinition("embedder", 1024, 2048, List.of(
            new Container("model", "ghcr.io/acme/embedder:1.4", new GpuRequirement.NvidiaMps(4096, 25)),
            new Container("reranker", "ghcr.io/acme/reranker:2", new GpuRequirement.NvidiaMps(2048, null)),
            new Container("sidecar", "envoy:1", null)));
    private static final TaskDefinition WHOLE = new TaskDefinition("trainer", 8192, 65536, List.of(
            new Container("train", "acme/train:3", new GpuRequirement.Whole(4))));
    private static final TaskDefinition ALL = new TaskDefinition("bench", null, 1024, List.of(
            new Container("bench", "acme/bench:1", new GpuRequirement.All())));
    private static final TaskDefinition FRACTION = new TaskDefinition("small", 2048, 4096, List.of(
            new Container("inference", "acme/small:1", new GpuRequirement.Fraction(new BigDecimal("0.125")))));
    private static final TaskDefinition MIG = new TaskDefinition("mig-task", 1024, 2048, List.of(
            new Container("m", "acme/m:1", new GpuRequirement.Partition("3g.40gb"))));

    /** What a container runs beyond its image: entry point, command, environment, health check. */
    private static final TaskDefinition RUNS = new TaskDefinition("server", 2048, 4096, List.of(
            new Container("model", "acme/server:2", new GpuRequirement.Whole(1), List.of("python", "-m", "serve"),
                    List.of("--port", "8080"), List.of(new EnvironmentVariable("MODEL_ID", "bge"), new EnvironmentVariable("EMPTY", "")),
                    new HealthCheck(List.of("CMD-SHELL", "curl -f localhost:8080 || exit 1"), 10, null, 5, 120))));

    private static Spec spec(TaskDefinition... tds) {
        return new Spec(Spec.API_VERSION, "c",
                List.of(new CapacityProvider("pool", "g6.12xlarge", 0, 4, new GpuSharing.Mps(null))),
                List.of(tds),
                List.of(new Service("embedder", "embedder", "pool", 3, PlacementStrategy.BINPACK)),
                List.of(), List.of(), List.of());
    }

    /** Export as the CLI prints it (one JSON array), then import that text. */
    private static ImportResult roundTrip(ExportResult exported) {
        ArrayNode array = CloudJson.array();
        exported.documents().forEach(d -> array.add(d.body()));
        return EcsTaskDefinitionImporter.read(List.of(new SourceFile("exported.json", CloudJson.write(array))));
    }

    @Test
    void everyEcsFormSurvivesTheRoundTrip() {
        ExportResult exported = EcsTaskDefinitionExporter.export(spec(MPS, WHOLE, ALL, FRACTION));
        ImportResult back = roundTrip(exported);
        assertThat(exported.notes()).isEmpty();
        assertThat(back.problems()).isEmpty();
        assertThat(back.fragment().taskDefinitions()).containsExactly(MPS, WHOLE, ALL, FRACTION);
    }

    @Test
    void eachFileImportedOnItsOwnGivesTheSameTaskDefinition() {
        ExportResult exported = EcsTaskDefinitionExporter.export(spec(MPS, FRACTION));
        List<TaskDefinition> back = exported.documents().stream()
                .map(d -> EcsTaskDefinitionImporter.read(d.fileName(), CloudJson.write(d.body())))
                .flatMap(r -> r.fragment().taskDefinitions().stream())
                .toList();
        assertThat(exported.documents()).extracting(ExportedDocument::fileName)
                .containsExactly("embedder.task-definition.json", "small.task-definition.json");
        assertThat(back).containsExactly(MPS, FRACTION);
    }

    @Test
    void whatAContainerRunsSurvivesTheRoundTripInEcsNames() {
        ExportResult exported = EcsTaskDefinitionExporter.export(spec(RUNS));
        assertThat(roundTrip(exported).problems()).isEmpty();
        assertThat(roundTrip(exported).fragment().taskDefinitions()).containsExactly(RUNS);
        // ECS's member names; the timeout the spec leaves out is left to ECS's default (5, gpushare's)
        assertThat(CloudJson.write(exported.documents().getFirst().body().get("containerDefinitions").get(0))).isEqualToIgnoringWhitespace("""
                {"name":"model","image":"acme/server:2","essential":true,
                 "resourceRequirements":[{"type":"GPU","value":"1"}],
                 "entryPoint":["python","-m","serve"],"command":["--port","8080"],
                 "environment":[{"name":"MODEL_ID","value":"bge"},{"name":"EMPTY","value":""}],
                 "healthCheck":{"command":["CMD-SHELL","curl -f localhost:8080 || exit 1"],"interval":10,"retries":5,"startPeriod":120}}""");
    }

    @Test
    void createServiceCarriesTheDeploymentSettingsWithTheBreakerInside() {
        Service s = new Service("embedder", "embedder", "pool", 4, PlacementStrategy.BINPACK,
                new DeploymentConfiguration(50, null), new DeploymentCircuitBreaker(true, true));
        // ECS nests deploymentCircuitBreaker in deploymentConfiguration (CreateService, botocore's model);
        // maximumPercent left out is ECS's 200, written out
        assertThat(CloudJson.write(EcsServiceExporter.createService(spec(), s).get("deploymentConfiguration"))).isEqualToIgnoringWhitespace("""
                {"minimumHealthyPercent":50,"maximumPercent":200,"deploymentCircuitBreaker":{"enable":true,"rollback":true}}""");
        Service plain = new Service("embedder", "embedder", "pool", 4, PlacementStrategy.BINPACK);
        assertThat(CloudJson.write(EcsServiceExporter.createService(spec(), plain).get("deploymentConfiguration"))).isEqualToIgnoringWhitespace("""
                {"minimumHealthyPercent":100,"maximumPercent":200,"deploymentCircuitBreaker":{"enable":false,"rollback":false}}""");
    }

    @Test
    void aHealthCheckEcsWouldRefuseIsAProblemInTheEcsFile() {
        ImportResult r = EcsTaskDefinitionImporter.read("td.json", """
                {"family": "t", "containerDefinitions": [{"name": "m", "image": "i",
                  "command": "serve --port 80",
                  "environment": [{"name": "A", "value": 1}, {"value": "x"}],
                  "healthCheck": {"command": ["curl", "-f", "localhost"], "interval": 4}},
                  {"name": "n", "image": "i", "healthCheck": {"command": ["CMD", "true"], "interval": 4, "timeout": 61}}]}
                """);
        assertThat(r.fragment().taskDefinitions()).isEmpty();
        assertThat(r.problems()).extracting((Problem p) -> p.code().name(), Problem::path).containsExactly(
                org.assertj.core.groups.Tuple.tuple("ECS_TYPE", "/containerDefinitions/0/command"),
                org.assertj.core.groups.Tuple.tuple("ECS_TYPE", "/containerDefinitions/0/environment/0/value"),
                org.assertj.core.groups.Tuple.tuple("ECS_REQUIRED", "/containerDefinitions/0/environment/1"),
                org.assertj.core.groups.Tuple.tuple("ECS_HEALTH_CHECK_INVALID", "/containerDefinitions/0/healthCheck/command"),
                org.assertj.core.groups.Tuple.tuple("ECS_HEALTH_CHECK_INVALID", "/containerDefinitions/1/healthCheck/interval"),
                org.assertj.core.groups.Tuple.tuple("ECS_HEALTH_CHECK_INVALID", "/containerDefinitions/1/healthCheck/timeout"));
        assertThat(r.problems().get(4).message()).contains("from 5 to 300; got 4");
        assertThat(r.problems().get(5).message()).contains("from 2 to 60; got 61");
    }

    @Test
    void migTaskDefinitionsAreNotMappedAndSaySo() {
        ExportResult exported = EcsTaskDefinitionExporter.export(spec(WHOLE, MIG));
        // Mapped part = WHOLE only; the MIG task is named by a note at its container's gpu.
        assertThat(roundTrip(exported).fragment().taskDefinitions()).containsExactly(WHOLE);
        assertThat(exported.notes()).extracting((Problem c) -> c.code().name(), Problem::path)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("EXPORT_NOT_MAPPED", "/taskDefinitions/1/containers/0/gpu"));
    }

    @Test
    void theRequestHasTheShapeEcsTakes() {
        var body = EcsTaskDefinitionExporter.taskDefinition(MPS);
        // Strings where the ECS API types strings (cpu, memory, value); integers in nvidiaMps.
        assertThat(CloudJson.write(body)).isEqualToIgnoringWhitespace("""
                {"family":"embedder","requiresCompatibilities":["EC2"],"cpu":"1024","memory":"2048",
                 "containerDefinitions":[
                  {"name":"model","image":"ghcr.io/acme/embedder:1.4","essential":true,
                   "resourceRequirements":[{"type":"GPU","sharingStrategy":{"nvidiaMps":{"memory":4096,"maxComputePercent":25}}}]},
                  {"name":"reranker","image":"ghcr.io/acme/reranker:2","essential":true,
                   "resourceRequirements":[{"type":"GPU","sharingStrategy":{"nvidiaMps":{"memory":2048}}}]},
                  {"name":"sidecar","image":"envoy:1","essential":true}]}""");
        assertThat(CloudJson.write(EcsTaskDefinitionExporter.taskDefinition(FRACTION)))
                .contains("\"value\" : \"0.125\"");
        assertThat(CloudJson.write(EcsTaskDefinitionExporter.taskDefinition(ALL))).contains("\"value\" : \"ALL\"");
    }

    @Test
    void aTaskWithoutMemoryIsExportedWithANote() {
        TaskDefinition noMemory = new TaskDefinition("n", null, null, List.of(new Container("c", "i", new GpuRequirement.Whole(1))));
        ExportResult exported = EcsTaskDefinitionExporter.export(spec(noMemory));
        assertThat(exported.documents()).hasSize(1);
        assertThat(exported.notes()).extracting((Problem c) -> c.code().name(), Problem::path)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("EXPORT_INCOMPLETE", "/taskDefinitions/0"));
    }
}
