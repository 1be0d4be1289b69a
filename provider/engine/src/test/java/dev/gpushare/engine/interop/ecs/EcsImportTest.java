package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.FragmentWriter;
import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.engine.interop.Resources;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.TaskDefinition;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The task definitions of the ECS documentation and of aws-gpu-sharing.md §1.13, as users have them. */
class EcsImportTest {

    private static ImportResult read(String... names) {
        return EcsTaskDefinitionImporter.read(List.of(names).stream().map(n -> Resources.file("ecs/" + n)).toList());
    }

    @Test
    void twoGpusRunningNvidiaSmi() {
        ImportResult r = read("nvidia-smi-two-gpus.json");
        // No task-level cpu/memory: the container's own cpu 100 and memory 80 are what ECS reserves.
        // Its command is what the container runs, so it is read too (and enters the revision).
        assertThat(r.problems()).isEmpty();
        assertThat(r.fragment().taskDefinitions()).containsExactly(new TaskDefinition("example-ecs-gpu", 100, 80,
                List.of(new Container("gpu", "nvidia/cuda:11.0.3-base", new GpuRequirement.Whole(2), null,
                        List.of("sh", "-c", "nvidia-smi"), null, null))));
    }

    @Test
    void tensorflowOnManagedInstancesWithOneGpu() {
        ImportResult r = read("tensorflow-managed-instances.json");
        // cpu "4096" and memory "8192" are strings in ECS; they become numbers.
        assertThat(r.problems()).isEmpty();
        assertThat(r.fragment().taskDefinitions()).containsExactly(new TaskDefinition("tensorflow-gpu", 4096, 8192,
                List.of(new Container("tensorflow", "tensorflow/tensorflow:latest-gpu", new GpuRequirement.Whole(1), null,
                        List.of("python", "-c", "import tensorflow as tf; print('Num GPUs Available: ', len(tf.config.list_physical_devices('GPU')))"),
                        null, null))));
    }

    @Test
    void quarterGpuFractionalTask() {
        ImportResult r = read("fractional-gpu-inference.json");
        assertThat(r.problems()).isEmpty();
        assertThat(r.fragment().taskDefinitions()).containsExactly(new TaskDefinition("fractional-gpu-inference", 2048, 4096,
                List.of(new Container("inference", "nvidia/cuda:12.0.0-base-ubuntu22.04",
                        new GpuRequirement.Fraction(new BigDecimal("0.25")), null, List.of("nvidia-smi"), null, null))));
    }

    @Test
    void twoMpsContainersKeepAnUnsetComputeLimitUnset() {
        ImportResult r = read("mps-embedder.json");
        assertThat(r.problems()).isEmpty();
        assertThat(r.fragment().taskDefinitions()).containsExactly(new TaskDefinition("embedder", null, null, List.of(
                new Container("model", "example/embedder:1", new GpuRequirement.NvidiaMps(4096, 25)),
                new Container("reranker", "example/reranker:1", new GpuRequirement.NvidiaMps(2048, null)))));
    }

    @Test
    void theDocumentationCopyWithItsTrailingCommaIsAParseErrorWithTheLine() {
        ImportResult r = read("tensorflow-as-printed-in-docs.json");
        assertThat(r.fragment().taskDefinitions()).isEmpty();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("PARSE_ERROR");
            assertThat(p.file()).isEqualTo("tensorflow-as-printed-in-docs.json");
            assertThat(p.message()).contains("line 36");
        });
    }

    @Test
    void allFourPrintAsOneFragmentInSpecKeyOrder() {
        ImportResult r = read("nvidia-smi-two-gpus.json", "tensorflow-managed-instances.json",
                "fractional-gpu-inference.json", "mps-embedder.json");
        assertThat(r.problems()).isEmpty();
        assertThat(FragmentWriter.toYaml(FragmentWriter.toTree(r.fragment())))
                .isEqualTo(Resources.text("ecs/expected-fragment.yaml"));
    }

    @Test
    void describeTaskDefinitionOutputAndArraysAreRead() {
        String described = "{\"taskDefinition\": " + Resources.text("ecs/tensorflow-managed-instances.json") + "}";
        String array = "[" + Resources.text("ecs/nvidia-smi-two-gpus.json") + ","
                + Resources.text("ecs/mps-embedder.json") + "]";
        assertThat(EcsTaskDefinitionImporter.read("described.json", described).fragment().taskDefinitions())
                .extracting(TaskDefinition::family).containsExactly("tensorflow-gpu");
        assertThat(EcsTaskDefinitionImporter.read("array.json", array).fragment().taskDefinitions())
                .extracting(TaskDefinition::family).containsExactly("example-ecs-gpu", "embedder");
    }

    @Test
    void consoleUnitFormsOfCpuAndMemory() {
        // "0.5 vCPU" = 512 units, "3 GB" = 3072 MiB
        String json = """
                {"family": "f", "cpu": "0.5 vCPU", "memory": "3 GB",
                 "containerDefinitions": [{"name": "c", "image": "i"}]}""";
        assertThat(EcsTaskDefinitionImporter.read("f.json", json).fragment().taskDefinitions())
                .containsExactly(new TaskDefinition("f", 512, 3072, List.of(new Container("c", "i", null))));
    }
}
