package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.problem.Problem;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every invalid spec of the corpus reports exactly its declared problems, all at once. */
class InvalidCorpusTest {
    static Stream<Corpus.Case> cases() {
        return Corpus.cases("invalid").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reportsExactlyTheDeclaredProblems(Corpus.Case c) {
        ValidationReport report = SpecValidator.validateFiles(c.files());

        List<String> actual = report.problems().stream()
                .map(p -> Corpus.fileName(p.file()) + " " + p.code().name() + " " + (p.path().isEmpty() ? "\"\"" : p.path()))
                .toList();
        assertThat(actual).as(describe(report.problems()))
                .containsExactlyInAnyOrderElementsOf(c.expected().stream().map(Corpus.Expected::key).toList());
        assertThat(report.valid()).isFalse();
        for (Corpus.Expected e : c.expected()) {
            Problem p = report.problems().stream()
                    .filter(x -> x.code().name().equals(e.code()) && x.path().equals(e.path())).findFirst().orElseThrow();
            if (e.line() != null) {
                assertThat(p.location()).as("location of " + e.key()).isNotNull();
                assertThat(p.location().line()).as("line of " + e.key()).isEqualTo(e.line());
            }
            if (e.contains() != null) assertThat(p.message()).as("message of " + e.key()).contains(e.contains());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyProblemHasAFileALineAndAMessage(Corpus.Case c) {
        for (Problem p : SpecValidator.validateFiles(c.files()).problems()) {
            assertThat(p.file()).as(p.toString()).isNotNull();
            assertThat(p.location()).as(p.toString()).isNotNull();
            assertThat(p.message()).as(p.toString()).isNotBlank();
            assertThat(p.code().name()).matches("[A-Z][A-Z0-9_]*");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void problemsAreSortedByFileThenPathThenCode(Corpus.Case c) {
        List<Problem> problems = SpecValidator.validateFiles(c.files()).problems();
        assertThat(problems).isSortedAccordingTo(dev.gpushare.engine.validate.internal.ProblemOrder.ORDER);
    }

    @Test
    void theCorpusIsLargeEnoughAndEveryCaseDeclaresAProblem() {
        List<Corpus.Case> all = Corpus.cases("invalid");
        assertThat(all).hasSizeGreaterThanOrEqualTo(45);
        assertThat(all).allSatisfy(c -> assertThat(c.expected()).as(c.name()).isNotEmpty());
        // Some cases must show several problems at once, some JSON, some split over files.
        assertThat(all).filteredOn(c -> c.expected().size() >= 2).hasSizeGreaterThanOrEqualTo(5);
        assertThat(all).filteredOn(c -> c.files().get(0).toString().endsWith(".json")).hasSizeGreaterThanOrEqualTo(3);
        assertThat(all).filteredOn(c -> c.files().size() > 1).hasSizeGreaterThanOrEqualTo(3);
    }

    private static String describe(List<Problem> problems) {
        StringBuilder sb = new StringBuilder("reported:");
        for (Problem p : problems) {
            sb.append("\n  ").append(p.file()).append(' ').append(p.path()).append(' ').append(p.code().name())
                    .append(" @").append(p.location()).append(": ").append(p.message());
        }
        return sb.toString();
    }
}
