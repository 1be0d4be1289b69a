package dev.gpushare.cli;

import dev.gpushare.engine.validate.ValidationCode;
import dev.gpushare.model.io.ReadCode;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.Problem.Location;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.Arguments;

class ProblemReportTest {
    static final Problem MPS = new Problem("spec.yaml", "/taskDefinitions/0/containers/0/gpu/nvidiaMps/memory",
            ValidationCode.MPS_MEMORY_EXCEEDS_GPU, "30000 MiB does not fit an L4 (22563 MiB usable); lower memory",
            new Location(14, 20));
    static final Problem NO_LINE = new Problem("b.yaml", "/services/0/capacityProvider",
            ValidationCode.UNKNOWN_CAPACITY_PROVIDER, "no capacity provider `l4`", null);
    static final Problem NO_FILE = Problem.at("", ReadCode.PARSE_ERROR, "the file is empty");

    static List<Arguments> lines() {
        return List.of(
                Arguments.of(MPS, "spec.yaml:14:20: MPS_MEMORY_EXCEEDS_GPU /taskDefinitions/0/containers/0/gpu/nvidiaMps/memory: "
                        + "30000 MiB does not fit an L4 (22563 MiB usable); lower memory"),
                // no location: the file alone, no ':line:col'
                Arguments.of(NO_LINE, "b.yaml: UNKNOWN_CAPACITY_PROVIDER /services/0/capacityProvider: no capacity provider `l4`"),
                // no file (a spec built in code) and the whole document as path
                Arguments.of(NO_FILE, "<spec>: PARSE_ERROR /: the file is empty"));
    }

    @ParameterizedTest
    @MethodSource("lines")
    void oneLinePerProblem(Problem p, String expected) {
        assertThat(ProblemReport.line(p)).isEqualTo(expected);
    }

    @Test
    void validSummaryNamesEveryFile() {
        assertThat(ProblemReport.text(List.of(Path.of("a.yaml"), Path.of("b.json")), List.of()))
                .isEqualTo("a.yaml, b.json: valid\n");
    }

    @Test
    void summaryCountsProblemsAndTheFilesTheyAreIn() {
        // 3 problems: two in spec.yaml, one in b.yaml -> "3 problems in 2 files"
        String text = ProblemReport.text(List.of(Path.of("spec.yaml"), Path.of("b.yaml")), List.of(MPS, MPS, NO_LINE));
        assertThat(text.lines()).hasSize(4).last().isEqualTo("3 problems in 2 files");
        // singular forms
        assertThat(ProblemReport.text(List.of(Path.of("spec.yaml")), List.of(MPS)).lines())
                .last().isEqualTo("1 problem in 1 file");
    }

    @Test
    void jsonHasTheContractKeysInOrderThenLineAndColumn() {
        String json = ProblemReport.json(List.of(MPS, NO_LINE));
        String compact = json.replaceAll("\\s+", "");
        assertThat(compact).startsWith("{\"valid\":false,\"problems\":[{\"file\":\"spec.yaml\","
                + "\"path\":\"/taskDefinitions/0/containers/0/gpu/nvidiaMps/memory\",\"code\":\"MPS_MEMORY_EXCEEDS_GPU\","
                + "\"message\":");
        assertThat(compact).contains("\"line\":14,\"column\":20}");
        // the problem without a location has no line/column keys at all
        assertThat(compact).endsWith("{\"file\":\"b.yaml\",\"path\":\"/services/0/capacityProvider\","
                + "\"code\":\"UNKNOWN_CAPACITY_PROVIDER\",\"message\":\"nocapacityprovider`l4`\"}]}");
    }

    @Test
    void jsonOfNoProblemsIsValid() {
        assertThat(ProblemReport.json(List.of()).replaceAll("\\s+", "")).isEqualTo("{\"valid\":true,\"problems\":[]}");
    }
}
