package dev.gpushare.engine.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.BatchSize;
import dev.gpushare.model.DeploymentCircuitBreaker;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The deployment settings: read from YAML, checked with codes, paths and the numbers to change. */
class DeploymentRuleTest {
    private static final String BASE = """
            apiVersion: gpushare.dev/v1
            cluster: c
            capacityProviders:
              - {name: l4, instanceType: g6.12xlarge, maxInstances: 2}
            taskDefinitions:
              - family: embedder
                containers:
                  - {name: model, image: "ghcr.io/acme/embedder:1", gpu: {nvidiaMps: {memory: 4096}}}
            endpoints:
              - {name: ep, instanceType: ml.p4d.24xlarge, instanceCount: 1, partitionLayout: ["mig-3g.20gb", "mig-4g.20gb"]}
            services:
              - name: embedder
                taskDefinition: embedder
                capacityProvider: l4
                desiredCount: %d
            %s
            inferenceComponents:
              - name: chat
                endpoint: ep
                model: llama
                partitionType: mig-4g.20gb
                copyCount: 4
            %s
            """;

    private static ValidationReport check(int count, String service, String component) {
        return SpecValidator.validateText("spec.yaml", BASE.formatted(count, indent(service, 4), indent(component, 4)));
    }

    private static String indent(String s, int n) {
        return s.isEmpty() ? "" : s.indent(n).stripTrailing();
    }

    @Test
    void theFieldsAreReadWithTheirDefaults() {
        ValidationReport r = check(4, """
                deploymentConfiguration: {minimumHealthyPercent: 50}
                deploymentCircuitBreaker: {enable: true, rollback: true}""", """
                rollingUpdatePolicy:
                  maximumBatchSize: {type: CAPACITY_PERCENT, value: 50}
                  waitIntervalInSeconds: 120
                  rollbackMaximumBatchSize: {type: COPY_COUNT, value: 4}""");
        assertThat(r.problems()).isEmpty();
        Spec s = r.spec();
        assertThat(s.services().getFirst().deploymentConfiguration()).isEqualTo(new DeploymentConfiguration(50, null));
        assertThat(s.services().getFirst().deployment().maximum()).isEqualTo(200);
        assertThat(s.services().getFirst().deploymentCircuitBreaker()).isEqualTo(new DeploymentCircuitBreaker(true, true));
        var p = s.inferenceComponents().getFirst().rollingUpdatePolicy();
        assertThat(p.maximumBatchSize()).isEqualTo(BatchSize.capacityPercent(50));
        assertThat(p.maximumBatchSize().copies(4)).as("50 % of 4").isEqualTo(2);
        assertThat(p.waitIntervalInSeconds()).isEqualTo(120);
        assertThat(p.rollbackMaximumBatchSize()).isEqualTo(BatchSize.copyCount(4));

        ValidationReport none = check(4, "", "");
        assertThat(none.problems()).isEmpty();
        assertThat(none.spec().services().getFirst().deployment()).isEqualTo(DeploymentConfiguration.DEFAULT);
        assertThat(none.spec().inferenceComponents().getFirst().rollingUpdate().maximumBatchSize().copies(4)).isEqualTo(1);
    }

    static Stream<Arguments> problems() {
        return Stream.of(
                // 4 copies, min 100 % keeps ⌈4⌉ = 4, max 100 % lets ⌊4⌋ = 4 run: nothing can be replaced;
                // ⌊p·4/100⌋ ≥ 5 from p = 125; ⌈q·4/100⌉ ≤ 3 up to q = 75
                Arguments.of(4, "deploymentConfiguration: {maximumPercent: 100}", "", "DEPLOYMENT_BLOCKED",
                        "/services/0/deploymentConfiguration", "raise maximumPercent to 125 or lower minimumHealthyPercent to 75"),
                // 1 copy, min 50 % keeps ⌈0.5⌉ = 1, max 150 % lets ⌊1.5⌋ = 1 run (ECS rounds so too)
                Arguments.of(1, "deploymentConfiguration: {minimumHealthyPercent: 50, maximumPercent: 150}", "", "DEPLOYMENT_BLOCKED",
                        "/services/0/deploymentConfiguration", "raise maximumPercent to 200 or lower minimumHealthyPercent to 0"),
                Arguments.of(4, "deploymentConfiguration: {maximumPercent: 250}", "", "SCHEMA_RANGE",
                        "/services/0/deploymentConfiguration/maximumPercent", ""),
                Arguments.of(4, "deploymentCircuitBreaker: {enable: false, rollback: true}", "", "CIRCUIT_BREAKER_DISABLED",
                        "/services/0/deploymentCircuitBreaker/enable", "set enable: true"),
                Arguments.of(4, "", "rollingUpdatePolicy: {maximumBatchSize: {type: CAPACITY_PERCENT, value: 60}}", "BATCH_SIZE_OUT_OF_RANGE",
                        "/inferenceComponents/0/rollingUpdatePolicy/maximumBatchSize/value", "use a value from 5 to 50"),
                Arguments.of(4, "", "rollingUpdatePolicy: {maximumBatchSize: {type: COPY_COUNT, value: 5}}", "BATCH_SIZE_OUT_OF_RANGE",
                        "/inferenceComponents/0/rollingUpdatePolicy/maximumBatchSize/value", "more than its copyCount 4; use a value from 1 to 4"),
                Arguments.of(4, "", "rollingUpdatePolicy: {maximumBatchSize: {type: COPY_COUNT, value: 1}, waitIntervalInSeconds: 4000}",
                        "SCHEMA_RANGE", "/inferenceComponents/0/rollingUpdatePolicy/waitIntervalInSeconds", ""));
    }

    @ParameterizedTest(name = "{3} {4}")
    @MethodSource("problems")
    void eachProblemHasItsCodePathAndTheChange(int count, String service, String component, String code, String path, String change) {
        List<Problem> ps = check(count, service, component).problems();
        assertThat(ps).anySatisfy(p -> {
            assertThat(p.path()).isEqualTo(path);
            assertThat(p.message()).contains(change);
            if (!code.equals("SCHEMA_RANGE")) assertThat(p.code().name()).isEqualTo(code);
        });
    }
}
