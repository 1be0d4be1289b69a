package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.model.problem.Problem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The rules ECS enforces, one broken task definition each: the code, and the JSON Pointer into the
 * ECS file that the user has to change. A task with a problem is left out of the fragment.
 */
class EcsInvalidInputTest {

    /** A task definition around the given container definitions (and extra top-level members). */
    private static String task(String extra, String... containers) {
        return "{\"family\": \"t\"" + extra + ", \"containerDefinitions\": [" + String.join(",", containers) + "]}";
    }

    private static String container(String name, String requirements) {
        return "{\"name\": \"" + name + "\", \"image\": \"img\", \"resourceRequirements\": [" + requirements + "]}";
    }

    private static final String MPS = "{\"type\": \"GPU\", \"sharingStrategy\": {\"nvidiaMps\": {\"memory\": 1024}}}";
    private static final String ONE = "{\"type\": \"GPU\", \"value\": \"1\"}";
    private static final String QUARTER = "{\"type\": \"GPU\", \"value\": \"0.25\"}";
    private static final String REQ = "/containerDefinitions/0/resourceRequirements/0";
    private static final String REQ1 = "/containerDefinitions/1/resourceRequirements/0";

    static Stream<Arguments> cases() {
        return Stream.of(
                arguments("value and sharingStrategy both set",
                        task("", container("a", "{\"type\": \"GPU\", \"value\": \"1\", \"sharingStrategy\": {\"nvidiaMps\": {\"memory\": 1024}}}")),
                        "ECS_VALUE_AND_SHARING_STRATEGY", REQ),
                arguments("neither value nor sharingStrategy",
                        task("", container("a", "{\"type\": \"GPU\"}")),
                        "ECS_GPU_VALUE_MISSING", REQ),
                arguments("sharingStrategy on a NeuronDevice",
                        task("", container("a", "{\"type\": \"NeuronDevice\", \"value\": \"ALL\", \"sharingStrategy\": {\"nvidiaMps\": {\"memory\": 1}}}")),
                        "ECS_SHARING_STRATEGY_NOT_GPU", REQ + "/sharingStrategy"),
                arguments("a fractional value next to another GPU container",
                        task("", container("a", QUARTER), container("b", ONE)),
                        "ECS_FRACTIONAL_WITH_OTHER_GPU", REQ + "/value"),
                arguments("EXTERNAL compatibility with MPS sharing",
                        task(", \"requiresCompatibilities\": [\"EC2\", \"EXTERNAL\"]", container("a", MPS)),
                        "ECS_COMPATIBILITY_UNSUPPORTED", "/requiresCompatibilities/1"),
                arguments("EXTERNAL compatibility with a fractional GPU",
                        task(", \"requiresCompatibilities\": [\"EXTERNAL\"]", container("a", QUARTER)),
                        "ECS_COMPATIBILITY_UNSUPPORTED", "/requiresCompatibilities/0"),
                arguments("FARGATE with any GPU",
                        task(", \"requiresCompatibilities\": [\"FARGATE\"]", container("a", ONE)),
                        "ECS_COMPATIBILITY_UNSUPPORTED", "/requiresCompatibilities/0"),
                arguments("whole and MPS containers mixed in one task (the second one is flagged)",
                        task("", container("a", ONE), container("b", MPS)),
                        "ECS_MIXED_GPU_FORMS", REQ1),
                arguments("MPS memory 0",
                        task("", container("a", "{\"type\": \"GPU\", \"sharingStrategy\": {\"nvidiaMps\": {\"memory\": 0}}}")),
                        "ECS_MPS_MEMORY_TOO_SMALL", REQ + "/sharingStrategy/nvidiaMps/memory"),
                arguments("MPS without memory",
                        task("", container("a", "{\"type\": \"GPU\", \"sharingStrategy\": {\"nvidiaMps\": {\"maxComputePercent\": 50}}}")),
                        "ECS_MPS_MEMORY_MISSING", REQ + "/sharingStrategy/nvidiaMps"),
                arguments("maxComputePercent 0",
                        task("", container("a", "{\"type\": \"GPU\", \"sharingStrategy\": {\"nvidiaMps\": {\"memory\": 8, \"maxComputePercent\": 0}}}")),
                        "ECS_MPS_COMPUTE_PERCENT_RANGE", REQ + "/sharingStrategy/nvidiaMps/maxComputePercent"),
                arguments("maxComputePercent 101",
                        task("", container("a", "{\"type\": \"GPU\", \"sharingStrategy\": {\"nvidiaMps\": {\"memory\": 8, \"maxComputePercent\": 101}}}")),
                        "ECS_MPS_COMPUTE_PERCENT_RANGE", REQ + "/sharingStrategy/nvidiaMps/maxComputePercent"),
                arguments("an empty sharingStrategy",
                        task("", container("a", "{\"type\": \"GPU\", \"sharingStrategy\": {}}")),
                        "ECS_SHARING_STRATEGY_EMPTY", REQ + "/sharingStrategy"),
                arguments("an unknown sharing strategy",
                        task("", container("a", "{\"type\": \"GPU\", \"sharingStrategy\": {\"timeSlicing\": {}}}")),
                        "ECS_SHARING_STRATEGY_UNKNOWN", REQ + "/sharingStrategy/timeSlicing"),
                arguments("1.5 GPUs",
                        task("", container("a", "{\"type\": \"GPU\", \"value\": \"1.5\"}")),
                        "ECS_GPU_VALUE_INVALID", REQ + "/value"),
                arguments("zero GPUs",
                        task("", container("a", "{\"type\": \"GPU\", \"value\": \"0\"}")),
                        "ECS_GPU_VALUE_INVALID", REQ + "/value"),
                arguments("two GPU entries in one container",
                        task("", container("a", ONE + "," + ONE)),
                        "ECS_DUPLICATE_GPU_REQUIREMENT", "/containerDefinitions/0/resourceRequirements/1"),
                arguments("no family",
                        "{\"containerDefinitions\": [" + container("a", ONE) + "]}",
                        "ECS_REQUIRED", ""),
                arguments("no containers",
                        "{\"family\": \"t\", \"containerDefinitions\": []}",
                        "ECS_REQUIRED", "/containerDefinitions"),
                arguments("cpu in an unknown unit",
                        task(", \"cpu\": \"2 cores\"", container("a", ONE)),
                        "ECS_CPU_INVALID", "/cpu"),
                arguments("not JSON",
                        "{\"family\": ",
                        "PARSE_ERROR", ""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachBrokenRuleIsOneProblemAtItsPath(String description, String json, String code, String path) {
        ImportResult r = EcsTaskDefinitionImporter.read("task.json", json);
        assertThat(r.problems()).extracting((Problem c) -> c.code().name(), Problem::path, Problem::file)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(code, path, "task.json"));
        assertThat(r.problems().get(0).message()).isNotBlank();
        assertThat(r.fragment().taskDefinitions()).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void everyProblemOfAFileIsReportedAtOnce() {
        String json = "[" + task("", container("a", "{\"type\": \"GPU\"}")) + ","
                + task(", \"requiresCompatibilities\": [\"FARGATE\"]", container("b", ONE)).replace("\"t\"", "\"u\"") + "]";
        ImportResult r = EcsTaskDefinitionImporter.read("two.json", json);
        assertThat(r.problems()).extracting((Problem c) -> c.code().name(), Problem::path).containsExactly(
                org.assertj.core.groups.Tuple.tuple("ECS_GPU_VALUE_MISSING", "/0" + REQ),
                org.assertj.core.groups.Tuple.tuple("ECS_COMPATIBILITY_UNSUPPORTED", "/1/requiresCompatibilities/0"));
    }

    @org.junit.jupiter.api.Test
    void wholeGpusOnExternalAreFine() {
        // ECS Anywhere runs whole-GPU tasks; only sharing is refused there.
        ImportResult r = EcsTaskDefinitionImporter.read("t.json", task(", \"requiresCompatibilities\": [\"EXTERNAL\"]", container("a", ONE)));
        assertThat(r.problems()).isEmpty();
        assertThat(r.fragment().taskDefinitions()).hasSize(1);
    }
}
