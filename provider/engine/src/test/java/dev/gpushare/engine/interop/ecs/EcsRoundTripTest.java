package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.engine.interop.SourceFile;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
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
