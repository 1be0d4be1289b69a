package dev.gpushare.engine.interop.ecs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.model.problem.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** {@code export ecs}: capacity providers, task definitions and services, in the order ECS creates them. */
class EcsExporterTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final String SPEC = """
            apiVersion: gpushare.dev/v1
            cluster: prod
            capacityProviders:
              - {name: l4, instanceType: g6.12xlarge, maxInstances: 4, gpuSharing: {strategy: MPS, maxClientsPerGpu: 8}}
              - {name: ecs-a100, instanceType: p4d.24xlarge, gpuSharing: {strategy: MIG, partitionLayout: [3g.20gb, 4g.20gb]}}
            taskDefinitions:
              - family: embedder
                memory: 2048
                containers: [{name: model, image: i, gpu: {nvidiaMps: {memory: 4096}}}]
              - family: sliced
                memory: 2048
                containers: [{name: model, image: i, gpu: {partition: 3g.20gb}}]
            services:
              - {name: embedder, taskDefinition: embedder, capacityProvider: l4, desiredCount: 3, placementStrategy: SPREAD}
              - {name: sliced, taskDefinition: sliced, capacityProvider: ecs-a100, desiredCount: 1}
            """;

    @Test
    void whatMapsIsWrittenInCreationOrderAndTheRestIsNoted() {
        ExportResult r = EcsExporter.export(Specs.yaml(SPEC));
        assertThat(r.documents()).extracting(ExportedDocument::fileName, ExportedDocument::kind).containsExactly(
                tuple("l4.capacity-provider.json", "CreateCapacityProvider"),
                tuple("embedder.task-definition.json", "RegisterTaskDefinition"),
                tuple("embedder.service.json", "CreateService"));
        assertThat(r.documents().get(0).body()).isEqualTo(JSON.readTree("""
                {"name":"l4","autoScalingGroupProvider":{"autoScalingGroupArn":"prod-l4",
                 "managedScaling":{"status":"ENABLED","targetCapacity":100},"managedTerminationProtection":"DISABLED"}}"""));
        assertThat(r.documents().get(2).body()).isEqualTo(JSON.readTree("""
                {"cluster":"prod","serviceName":"embedder","taskDefinition":"embedder","desiredCount":3,
                 "capacityProviderStrategy":[{"capacityProvider":"l4","weight":1}],
                 "placementStrategy":[{"type":"spread","field":"instanceId"}],
                 "deploymentConfiguration":{"minimumHealthyPercent":100,"maximumPercent":200,
                  "deploymentCircuitBreaker":{"enable":false,"rollback":false}}}"""));
        assertThat(r.notes()).extracting(Problem::code, Problem::path).containsExactly(
                tuple(InteropCode.EXPORT_NOT_MAPPED, "/capacityProviders/0/gpuSharing/maxClientsPerGpu"),
                tuple(InteropCode.EXPORT_INCOMPLETE, "/capacityProviders/0"),
                tuple(InteropCode.EXPORT_NOT_MAPPED, "/capacityProviders/1/gpuSharing"),
                tuple(InteropCode.EXPORT_NOT_MAPPED, "/taskDefinitions/1/containers/0/gpu"),
                tuple(InteropCode.EXPORT_NOT_MAPPED, "/services/1"));
        assertThat(r.notes().get(1).message()).contains("Auto Scaling group of g6.12xlarge instances (min 0, max 4)")
                .contains("names it prod-l4");
    }

    @Test
    void aReservedNameIsNoted() {
        ExportResult r = EcsExporter.export(Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: prod
                capacityProviders: [{name: fargate-gpus, instanceType: g6.12xlarge}]
                """));
        assertThat(r.notes()).extracting(Problem::path).contains("/capacityProviders/0/name");
    }

    @Test
    void importReadsTheTaskDefinitionsOfTheWholeExportBack() {
        ExportResult r = EcsExporter.export(Specs.yaml(SPEC));
        var all = CloudJson.array();
        r.documents().forEach(d -> all.add(d.body()));
        var back = EcsTaskDefinitionImporter.read("export.json", CloudJson.write(all));
        assertThat(back.problems()).isEmpty();
        assertThat(back.fragment().taskDefinitions()).extracting(t -> t.family()).isEqualTo(List.of("embedder"));
    }
}
