package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.Container;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.problem.Problem;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What a container runs: read from YAML with ECS's ranges (schema), checked with codes, paths and what to change. */
class ContainerRunRuleTest {
    private static final String BASE = """
            apiVersion: gpushare.dev/v1
            cluster: c
            capacityProviders:
              - {name: l4, instanceType: g6.12xlarge, maxInstances: 2}
            taskDefinitions:
              - family: embedder
                memory: 2048
                containers:
                  - name: model
                    image: "ghcr.io/acme/embedder:1"
                    gpu: {nvidiaMps: {memory: 4096}}
            %s
            services:
              - {name: embedder, taskDefinition: embedder, capacityProvider: l4, desiredCount: 2}
            """;

    private static ValidationReport check(String container) {
        return SpecValidator.validateText("spec.yaml", BASE.formatted(container.isEmpty() ? "" : container.indent(8).stripTrailing()));
    }

    @Test
    void theFieldsAreReadWithEcsDefaults() {
        ValidationReport r = check("""
                entryPoint: [python, -m, serve]
                command: ["--port", "8080"]
                environment:
                  - {name: MODEL_ID, value: bge-small}
                  - {name: PORT, value: "8080"}
                healthCheck:
                  command: [CMD-SHELL, "curl -f http://localhost:8080/health || exit 1"]
                  startPeriod: 60""");
        assertThat(r.problems()).isEmpty();
        Container c = r.spec().taskDefinitions().getFirst().containers().getFirst();
        assertThat(c.entryPoint()).containsExactly("python", "-m", "serve");
        assertThat(c.command()).containsExactly("--port", "8080");
        assertThat(c.environment()).containsExactly(new EnvironmentVariable("MODEL_ID", "bge-small"), new EnvironmentVariable("PORT", "8080"));
        HealthCheck h = c.healthCheck();
        // left out: ECS's 30 s interval, 5 s timeout, 3 retries; given: 60 s start period
        assertThat(List.of(h.intervalSeconds(), h.timeoutSeconds(), h.retriesCount(), h.startPeriodSeconds())).containsExactly(30, 5, 3, 60);
        assertThat(h.exec()).containsExactly("/bin/sh", "-c", "curl -f http://localhost:8080/health || exit 1");
        assertThat(HealthCheck.of(List.of("CMD", "/bin/check", "-q")).exec()).containsExactly("/bin/check", "-q");
    }

    @Test
    void aContainerWithoutThemIsReadAsBefore() {
        ValidationReport r = check("");
        assertThat(r.problems()).isEmpty();
        assertThat(r.spec().taskDefinitions().getFirst().containers().getFirst())
                .isEqualTo(new Container("model", "ghcr.io/acme/embedder:1", new dev.gpushare.model.GpuRequirement.NvidiaMps(4096, null)));
    }

    static Stream<Arguments> problems() {
        String c = "/taskDefinitions/0/containers/0";
        return Stream.of(
                Arguments.of("not CMD or CMD-SHELL", "healthCheck: {command: [curl, -f, localhost]}",
                        "HEALTH_CHECK_COMMAND", c + "/healthCheck/command/0", "starts with \"curl\"; start it with \"CMD\""),
                Arguments.of("Docker's NONE", "healthCheck: {command: [NONE, x]}",
                        "HEALTH_CHECK_COMMAND", c + "/healthCheck/command/0", "or leave healthCheck out"),
                Arguments.of("no program after CMD", "healthCheck: {command: [CMD, \" \"]}",
                        "HEALTH_CHECK_COMMAND", c + "/healthCheck/command/1", "names no program after \"CMD\""),
                // ECS's ranges are the schema's: interval 5-300, timeout 2-60, retries 1-10, startPeriod 0-300
                Arguments.of("interval below ECS's 5", "healthCheck: {command: [CMD, x], interval: 4}",
                        "SCHEMA_RANGE", c + "/healthCheck/interval", "5"),
                Arguments.of("timeout above ECS's 60", "healthCheck: {command: [CMD, x], timeout: 61}",
                        "SCHEMA_RANGE", c + "/healthCheck/timeout", "60"),
                Arguments.of("retries above ECS's 10", "healthCheck: {command: [CMD, x], retries: 11}",
                        "SCHEMA_RANGE", c + "/healthCheck/retries", "10"),
                Arguments.of("startPeriod above ECS's 300", "healthCheck: {command: [CMD, x], startPeriod: 301}",
                        "SCHEMA_RANGE", c + "/healthCheck/startPeriod", "300"),
                Arguments.of("a name twice", "environment: [{name: A, value: \"1\"}, {name: B, value: \"2\"}, {name: A, value: \"3\"}]",
                        "ENVIRONMENT_DUPLICATE_NAME", c + "/environment/2/name", "sets A twice (environment entries 0 and 2); keep one"),
                Arguments.of("the placement's GPU variable", "environment: [{name: NVIDIA_VISIBLE_DEVICES, value: all}]",
                        "ENVIRONMENT_RESERVED_NAME", c + "/environment/0/name", "remove it and change gpu instead"),
                Arguments.of("an MPS limit", "environment: [{name: CUDA_MPS_PINNED_DEVICE_MEM_LIMIT, value: 0=20G}]",
                        "ENVIRONMENT_RESERVED_NAME", c + "/environment/0/name", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("problems")
    void eachProblemNamesThePathAndWhatToChange(String what, String yaml, String code, String path, String says) {
        List<Problem> problems = check(yaml).problems();
        assertThat(problems).as(what).hasSize(1);
        assertThat(problems.getFirst().code().name()).isEqualTo(code);
        assertThat(problems.getFirst().path()).isEqualTo(path);
        assertThat(problems.getFirst().message()).contains(says);
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        List<Problem> problems = check("""
                environment: [{name: A, value: "1"}, {name: A, value: "2"}, {name: GPUSHARE_MIG_PROFILE, value: 1g.10gb}]
                healthCheck: {command: [sh, x]}""").problems();
        assertThat(problems).extracting(p -> p.code().name()).containsExactlyInAnyOrder(
                "HEALTH_CHECK_COMMAND", "ENVIRONMENT_DUPLICATE_NAME", "ENVIRONMENT_RESERVED_NAME");
    }

}
