package dev.gpushare.engine.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.Container;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.HealthCheck;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.TaskDefinition;
import java.math.BigDecimal;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** A revision digests everything a copy runs, and nothing else. */
class RevisionTest {
    private static final TaskDefinition SMALL = td(2048, 4096, "ghcr.io/acme/bge-small:1.5", new GpuRequirement.NvidiaMps(3072, 20));

    private static final GpuRequirement MPS = new GpuRequirement.NvidiaMps(3072, 20);
    private static final TaskDefinition SMALL_WITH_ARGS_AS_ENTRY = run(new Container("model", "ghcr.io/acme/bge-small:1.5", MPS, List.of("--port", "8080"), null, null, null));

    /** SMALL with {@code c} as its container. */
    private static TaskDefinition run(Container c) {
        return new TaskDefinition("embedder-small", 2048, 4096, List.of(c));
    }

    private static TaskDefinition td(Integer cpu, Integer memory, String image, GpuRequirement gpu) {
        return new TaskDefinition("embedder-small", cpu, memory, List.of(new Container("model", image, gpu)));
    }

    @Test
    void theCanonicalTextAndItsDigest() {
        assertThat(Revision.canonical(SMALL)).isEqualTo("""
                taskDefinition
                cpu=2048
                memory=4096
                container=model
                  image=ghcr.io/acme/bge-small:1.5
                  gpu=mps 3072 20%
                """);
        // the digest is the first 12 hex digits of SHA-256 of that text: the same in every process,
        // store and backend (a label value)
        assertThat(Revision.of(SMALL).value()).isEqualTo(sha256(Revision.canonical(SMALL)).substring(0, 12));
        assertThat(Revision.of(SMALL).wellFormed()).isTrue();
        assertThat(Revision.parse("3F2A9C1B7E4D").wellFormed()).isFalse();
        assertThat(Revision.parse("3f2a9c1b7e4").wellFormed()).isFalse();
        assertThat(Revision.show(null)).isEqualTo("unknown");
    }

    static Stream<Arguments> changes() {
        return Stream.of(
                Arguments.of("image", td(2048, 4096, "ghcr.io/acme/bge-small:1.6", new GpuRequirement.NvidiaMps(3072, 20)), true),
                Arguments.of("cpu", td(1024, 4096, "ghcr.io/acme/bge-small:1.5", new GpuRequirement.NvidiaMps(3072, 20)), true),
                Arguments.of("memory", td(2048, null, "ghcr.io/acme/bge-small:1.5", new GpuRequirement.NvidiaMps(3072, 20)), true),
                Arguments.of("MPS memory", td(2048, 4096, "ghcr.io/acme/bge-small:1.5", new GpuRequirement.NvidiaMps(4096, 20)), true),
                Arguments.of("compute limit", td(2048, 4096, "ghcr.io/acme/bge-small:1.5", new GpuRequirement.NvidiaMps(3072, null)), true),
                Arguments.of("GPU form", td(2048, 4096, "ghcr.io/acme/bge-small:1.5", new GpuRequirement.Whole(1)), true),
                Arguments.of("a container more", new TaskDefinition("embedder-small", 2048, 4096, List.of(SMALL.containers().getFirst(),
                        new Container("proxy", "envoy:1.31", null))), true),
                Arguments.of("an entry point", run(new Container("model", "ghcr.io/acme/bge-small:1.5", MPS, List.of("python"), null, null, null)), true),
                Arguments.of("a command", run(new Container("model", "ghcr.io/acme/bge-small:1.5", MPS, null, List.of("--port", "8080"), null, null)), true),
                Arguments.of("an environment variable", run(new Container("model", "ghcr.io/acme/bge-small:1.5", MPS, null, null, List.of(new EnvironmentVariable("DTYPE", "float16")), null)), true),
                Arguments.of("an empty environment list", run(new Container("model", "ghcr.io/acme/bge-small:1.5", MPS, null, null, List.of(), null)), false),
                Arguments.of("a health check", run(new Container("model", "ghcr.io/acme/bge-small:1.5", MPS, null, null, null, HealthCheck.of(List.of("CMD", "true")))), true),
                Arguments.of("the same, another family name", new TaskDefinition("other", 2048, 4096, SMALL.containers()), false),
                Arguments.of("the same, built again", td(2048, 4096, "ghcr.io/acme/bge-small:1.5", new GpuRequirement.NvidiaMps(3072, 20)), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("changes")
    void aChangeOfWhatRunsIsANewRevision(String what, TaskDefinition changed, boolean differs) {
        assertThat(Revision.of(changed).equals(Revision.of(SMALL))).as(what).isEqualTo(!differs);
    }

    @Test
    void whatAContainerRunsIsInTheTextAndADefaultWrittenOutIsTheSameCheck() {
        Container c = new Container("model", "i:1", null, List.of("python", "-m", "serve"), List.of("--name", "a \"b\""),
                List.of(new EnvironmentVariable("A", "1"), new EnvironmentVariable("B", "x=y")),
                new HealthCheck(List.of("CMD-SHELL", "curl -f localhost || exit 1"), null, 5, null, 60));
        assertThat(Revision.canonical(new TaskDefinition("t", null, null, List.of(c)))).isEqualTo("""
                taskDefinition
                container=model
                  image=i:1
                  entryPoint=["python","-m","serve"]
                  command=["--name","a \\"b\\""]
                  env="A"="1"
                  env="B"="x=y"
                  healthCheck=["CMD-SHELL","curl -f localhost || exit 1"] interval=30 timeout=5 retries=3 startPeriod=60
                """);
        // ECS's defaults (30 / 5 / 3 / 0) written out run the same check as left out: no rollout
        Container explicit = new Container("model", "i:1", null, null, null, null, new HealthCheck(List.of("CMD", "true"), 30, 5, 3, 0));
        Container implicit = new Container("model", "i:1", null, null, null, null, HealthCheck.of(List.of("CMD", "true")));
        assertThat(Revision.of(new TaskDefinition("t", null, null, List.of(explicit))))
                .isEqualTo(Revision.of(new TaskDefinition("t", null, null, List.of(implicit))));
        // the same words as entry point or as command are two revisions
        assertThat(Revision.of(SMALL_WITH_ARGS_AS_ENTRY))
                .isNotEqualTo(Revision.of(run(new Container("model", "ghcr.io/acme/bge-small:1.5", MPS, null, List.of("--port", "8080"), null, null))));
        // the order of the environment is kept (a Kubernetes value may refer to an earlier one)
        Container swapped = new Container("model", "i:1", null, c.entryPoint(), c.command(), List.of(c.env().get(1), c.env().get(0)), c.healthCheck());
        assertThat(Revision.of(new TaskDefinition("t", null, null, List.of(swapped))))
                .isNotEqualTo(Revision.of(new TaskDefinition("t", null, null, List.of(c))));
    }

    @Test
    void aSpecWithoutTheNewFieldsKeepsTheRevisionItHadBefore() {
        // recorded before entryPoint, command, environment and healthCheck existed (examples/mps-sharing's
        // embedder-small): states written then must not all roll out
        assertThat(Revision.of(SMALL).value()).isEqualTo("b58549ff7ab5");
    }

    @Test
    void aComponentsRevisionIsItsModelAndSpecification() {
        InferenceComponent ic = new InferenceComponent("chat", "ep", "llama-3-8b", "mig-3g.40gb", 2, 1024, null);
        assertThat(Revision.of(ic)).isEqualTo(Revision.of(new InferenceComponent("chat", "ep", "llama-3-8b", "3g.40gb", 5, 1024, null)))
                .as("copy count is not what a copy runs; mig- is optional");
        assertThat(Revision.of(ic)).isNotEqualTo(Revision.of(new InferenceComponent("chat", "ep", "llama-3-8b-v2", "3g.40gb", 2, 1024, null)));
        assertThat(Revision.of(ic)).isNotEqualTo(Revision.of(new InferenceComponent("chat", "ep", "llama-3-8b", "3g.40gb", 2, 2048, null)));
        assertThat(Revision.of(td(null, null, "i", new GpuRequirement.Fraction(new BigDecimal("0.50")))))
                .isEqualTo(Revision.of(td(null, null, "i", new GpuRequirement.Fraction(new BigDecimal("0.5")))));
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
