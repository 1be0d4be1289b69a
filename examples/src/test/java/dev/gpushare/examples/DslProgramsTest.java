package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecReader;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each Java DSL program builds exactly the Spec its example's YAML reads as. */
class DslProgramsTest {
    /** Example folder → its DSL program. */
    static final Map<String, Supplier<Spec>> PROGRAMS = Map.of(
            "mps-sharing", MpsSharing::spec,
            "ecs-gpu-tasks", EcsGpuTasks::spec,
            "sagemaker-mig", SagemakerMig::spec,
            "contract-example", ContractExample::spec,
            "layout-advisor", LayoutAdvisor::spec,
            "unhealthy-replacement", UnhealthyReplacement::spec,
            "mixed-inference", MixedInference::spec);

    static List<String> examples() {
        return PROGRAMS.keySet().stream().sorted().toList();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void dslSpecEqualsTheYamlSpec(String example) {
        var parsed = SpecReader.parse(ExampleFolders.spec(example));
        assertThat(parsed.problems()).isEmpty();
        var read = SpecReader.bind(List.of(parsed));
        assertThat(read.problems()).isEmpty();
        assertThat(PROGRAMS.get(example).get()).isEqualTo(read.spec());
    }

    @ParameterizedTest
    @MethodSource("examples")
    void dslSpecIsValid(String example) {
        assertThat(SpecValidator.validate(PROGRAMS.get(example).get())).isEmpty();
    }

    @Test
    void everyExampleFolderHasAProgram() {
        assertThat(PROGRAMS.keySet()).containsExactlyInAnyOrderElementsOf(ExampleFolders.names());
    }
}
