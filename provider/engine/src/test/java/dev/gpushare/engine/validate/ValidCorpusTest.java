package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The valid corpus (the CONTRACT example and the three issue scenarios among it) has no problem. */
class ValidCorpusTest {
    static Stream<Corpus.Case> cases() {
        return Corpus.cases("valid").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validatesWithoutProblems(Corpus.Case c) {
        ValidationReport report = SpecValidator.validateFiles(c.files());
        assertThat(report.problems()).isEmpty();
        assertThat(report.valid()).isTrue();
        assertThat(report.spec()).isNotNull();
    }

    @Test
    void theScenariosOfTheIssueArePresent() {
        assertThat(Corpus.cases("valid")).extracting(Corpus.Case::name).contains(
                "contract-example.yaml", "ecs-mps-g6-12xlarge.yaml", "ecs-whole-fractional.yaml", "sagemaker-mig-p4d.yaml");
    }
}
