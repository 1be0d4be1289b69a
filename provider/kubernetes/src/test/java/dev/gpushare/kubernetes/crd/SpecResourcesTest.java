package dev.gpushare.kubernetes.crd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.engine.validate.ValidationReport;
import dev.gpushare.model.Spec;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** A spec → custom resources → a spec again: the same, up to the order within a section (by name). */
class SpecResourcesTest {
    static final Path ROOT = root();

    @ParameterizedTest
    @ValueSource(strings = {"examples/mps-sharing/spec.yaml", "examples/ecs-gpu-tasks/spec.yaml", "examples/sagemaker-mig/spec.yaml",
            "examples/unhealthy-replacement/spec.yaml", "examples/contract-example/spec.yaml",
            "examples/kubernetes/time-slicing.yaml", "examples/kubernetes/mig-provider.yaml"})
    void everyExampleRoundTripsThroughResources(String file) {
        Spec spec = read(file);
        List<GenericKubernetesResource> resources = SpecResources.of(spec, "team-a");
        // one resource per section entry
        assertThat(resources).hasSize(spec.capacityProviders().size() + spec.taskDefinitions().size() + spec.services().size()
                + spec.endpoints().size() + spec.inferenceComponents().size());
        // through YAML, as kubectl would send them
        List<GenericKubernetesResource> parsed = new ArrayList<>();
        for (GenericKubernetesResource r : resources) parsed.add(Serialization.unmarshal(Serialization.asYaml(r), GenericKubernetesResource.class));
        Spec back = Pipeline.check("resources", SpecResources.document(spec.cluster(), parsed).tree()).orThrow().spec();
        assertThat(back).isEqualTo(sortedByName(withoutSpecLevel(spec)));
    }

    @Test
    void namesThatAreNotObjectNamesStayInTheSpec() {
        // 'Embedder_Large' has upper case and '_': metadata.name is a lower-case form with a hash, spec.name keeps it
        assertThat(SpecResources.objectName("embedder-large")).isEqualTo("embedder-large");
        assertThat(SpecResources.objectName("Embedder_Large")).matches("embedder-large-[0-9a-f]{8}");
        assertThat(SpecResources.objectName("Embedder_Large")).isNotEqualTo(SpecResources.objectName("embedder_large"));
    }

    @Test
    void resourcesOfAnotherClusterAreLeftOut() {
        Spec spec = read("examples/mps-sharing/spec.yaml");
        List<GenericKubernetesResource> resources = SpecResources.of(spec, "team-a");
        var doc = SpecResources.document("other", resources);
        assertThat(doc.tree().has("services")).isFalse();
        // a problem path points at its resource: /services/1/desiredCount → the second service by name, /spec/desiredCount
        var mine = SpecResources.document(spec.cluster(), resources);
        var src = mine.sourceOf("/services/1/desiredCount").orElseThrow();
        assertThat(src.getKey().getKind()).isEqualTo("GpuService");
        assertThat(src.getValue()).isEqualTo("/spec/desiredCount");
    }

    static Spec withoutSpecLevel(Spec s) {
        return new Spec(s.apiVersion(), s.cluster(), s.capacityProviders(), s.taskDefinitions(), s.services(), s.endpoints(),
                s.inferenceComponents(), List.of());
    }

    static Spec sortedByName(Spec s) {
        return new Spec(s.apiVersion(), s.cluster(), sort(s.capacityProviders(), c -> c.name()), sort(s.taskDefinitions(), t -> t.family()),
                sort(s.services(), x -> x.name()), sort(s.endpoints(), e -> e.name()), sort(s.inferenceComponents(), i -> i.name()),
                s.instanceTypes(), s.pricing());
    }

    private static <T> List<T> sort(List<T> list, Function<T, String> name) {
        return list.stream().sorted(Comparator.comparing(name)).toList();
    }

    static Spec read(String relative) {
        ValidationReport r = SpecValidator.validateFiles(List.of(ROOT.resolve(relative)));
        if (!r.problems().isEmpty()) throw new AssertionError(relative + ": " + r.problems());
        return r.spec();
    }

    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("examples"))) p = p.getParent();
        return p;
    }
}
