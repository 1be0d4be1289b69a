package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.engine.validate.ValidationReport;
import dev.gpushare.model.Spec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Specs for tests: YAML text (checked valid) and the repository's examples. */
public final class Specs {
    private Specs() {}

    public static Spec yaml(String text) {
        ValidationReport r = SpecValidator.validateText("test.yaml", text);
        assertThat(r.problems()).as("test spec must be valid").isEmpty();
        return r.spec();
    }

    /** Every {@code examples/<name>/spec.yaml} of the repository (the module runs two levels below the root). */
    public static List<Path> examples() {
        Path root = Path.of("../../examples");
        assertThat(root).as("the repository's examples, two levels above the module").isDirectory();
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.map(d -> d.resolve("spec.yaml")).filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * An example's spec, which must be valid: an example that no longer validates fails the test
     * that reads it (a skipped test would hide it).
     */
    public static Spec file(Path p) {
        ValidationReport r = SpecValidator.validateFiles(List.of(p));
        assertThat(r.problems()).as(p + " must be valid").isEmpty();
        return r.spec();
    }

    /** A one-service MPS spec on g6.12xlarge: each copy reserves {@code memoryMiB} with a 25% limit. */
    public static Spec mpsService(int copies, int memoryMiB) {
        return mpsService(copies, memoryMiB, 10);
    }

    /** As {@link #mpsService(int, int)} with room for {@code maxInstances} instances. */
    public static Spec mpsService(int copies, int memoryMiB, int maxInstances) {
        return mpsService("scale", copies, memoryMiB, maxInstances);
    }

    /** As {@link #mpsService(int, int, int)} for cluster {@code cluster}. */
    public static Spec mpsService(String cluster, int copies, int memoryMiB, int maxInstances) {
        return yaml("""
                apiVersion: gpushare.dev/v1
                cluster: %s
                capacityProviders:
                  - name: l4
                    instanceType: g6.12xlarge
                    maxInstances: %d
                taskDefinitions:
                  - family: embedder
                    containers:
                      - name: model
                        image: ghcr.io/acme/embedder:1.4
                        gpu: {nvidiaMps: {memory: %d, maxComputePercent: 25}}
                services:
                  - name: embedder
                    taskDefinition: embedder
                    capacityProvider: l4
                    desiredCount: %d
                """.formatted(cluster, maxInstances, memoryMiB, copies));
    }

    /** A SageMaker-style endpoint with a MIG layout in the given order and one component per profile. */
    public static Spec endpoint(List<String> layout, String partitionType, int copies) {
        return yaml("""
                apiVersion: gpushare.dev/v1
                cluster: sm
                endpoints:
                  - name: partition-demo
                    instanceType: ml.p4d.24xlarge
                    instanceCount: 1
                    partitionLayout: [%s]
                inferenceComponents:
                  - name: demo-ic
                    endpoint: partition-demo
                    model: gpt2
                    partitionType: %s
                    copyCount: %d
                """.formatted(String.join(", ", layout), partitionType, copies));
    }
}
