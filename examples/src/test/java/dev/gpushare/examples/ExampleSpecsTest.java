package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.SchemaValidator;
import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.model.io.SpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every example is valid, points editors at the schema, and has its short README. */
class ExampleSpecsTest {
    static List<String> examples() {
        return ExampleFolders.names();
    }

    @Test
    void theScenariosOfTheIssuesAreAllThere() {
        assertThat(examples()).contains("mps-sharing", "ecs-gpu-tasks", "sagemaker-mig", "contract-example",
                "layout-advisor", "unhealthy-replacement");
    }

    @ParameterizedTest
    @MethodSource("examples")
    void startsWithTheSchemaLineForEditors(String example) throws Exception {
        String first = Files.readAllLines(ExampleFolders.spec(example)).getFirst();
        assertThat(first).isEqualTo("# yaml-language-server: $schema=../../schema/gpushare.schema.json");
        // the line must point at the real schema file, relative to the spec
        assertThat(ExampleFolders.spec(example).toAbsolutePath().getParent()
                .resolve("../../schema/gpushare.schema.json").normalize()).exists();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void validatesAgainstTheJsonSchema(String example) {
        var parsed = SpecReader.parse(ExampleFolders.spec(example));
        assertThat(parsed.problems()).isEmpty();
        assertThat(SchemaValidator.validate(parsed.tree())).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void hasNoProblemsAtAll(String example) {
        var report = SpecValidator.validateFiles(List.of(ExampleFolders.spec(example)));
        assertThat(report.problems()).isEmpty();
        assertThat(report.spec()).isNotNull();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void hasAFiveLineReadme(String example) throws Exception {
        Path readme = Path.of(example, "README.md");
        assertThat(readme).exists();
        List<String> lines = Files.readAllLines(readme).stream().filter(l -> !l.isBlank()).toList();
        assertThat(lines).as("non-blank lines of " + readme).hasSize(5);
        assertThat(lines.getFirst()).startsWith("# ");
    }
}
