package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.model.problem.Problem;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The facade's own behaviour; the rules are covered by the corpus. */
class SpecValidatorTest {
    @Test
    void textIsValidatedUnderTheGivenFileNameWithLines() {
        String text = """
                apiVersion: gpushare.dev/v1
                cluster: c
                capacityProviders:
                  - name: l4
                    instanceType: g6.xlarge
                    minInstances: 3
                    maxInstances: 2
                """;

        ValidationReport report = SpecValidator.validateText("inline.yaml", text);

        assertThat(report.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("inline.yaml");
            assertThat(p.code().name()).isEqualTo("MIN_EXCEEDS_MAX");
            assertThat(p.path()).isEqualTo("/capacityProviders/0/minInstances");
            assertThat(p.location().line()).isEqualTo(6); // the line of minInstances
        });
        assertThat(report.spec()).isNotNull();
    }

    @Test
    void aValidTextGivesTheBoundSpec() {
        ValidationReport report = SpecValidator.validateText("ok.yaml", "apiVersion: gpushare.dev/v1\ncluster: c\n");

        assertThat(report.valid()).isTrue();
        assertThat(report.spec().cluster()).isEqualTo("c");
    }

    @Test
    void problemsOfSeveralFilesComeFileByFileInPathOrder() {
        var c = Corpus.cases("invalid").stream().filter(x -> x.name().equals("52-split-schema-and-semantic")).findFirst().orElseThrow();

        List<Problem> problems = SpecValidator.validateFiles(c.files()).problems();

        assertThat(problems).extracting(p -> Corpus.fileName(p.file())).containsExactly("a.yaml", "b.yaml");
    }

    @Test
    void anUnreadableFileIsAUsageErrorNotAProblem() {
        assertThatThrownBy(() -> SpecValidator.validateFiles(List.of(Path.of("does-not-exist.yaml"))))
                .isInstanceOf(UncheckedIOException.class);
    }

    @Test
    void noFileAtAllIsInvalidWithoutASpec() {
        ValidationReport report = SpecValidator.validateFiles(List.of());

        assertThat(report.valid()).isFalse();
        assertThat(report.problems()).extracting(c -> c.code().name()).containsExactly("NO_INPUT");
        assertThat(report.spec()).isNull();
    }
}
