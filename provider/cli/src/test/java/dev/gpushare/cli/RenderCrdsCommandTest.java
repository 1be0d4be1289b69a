package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** render crds | resources | controller print what docs/controller.md says, and controller checks its options. */
class RenderCrdsCommandTest {
    private static int count(String text, String s) {
        return text.split(java.util.regex.Pattern.quote(s), -1).length - 1;
    }

    @Test
    void crdsAreFiveAndTheWebhookConfiguration() {
        CliResult r = Main.capture("render", "crds", "--ca-bundle", "Q0E=");
        assertThat(r.exitCode()).isZero();
        assertThat(count(r.out(), "kind: \"CustomResourceDefinition\"") + count(r.out(), "kind: CustomResourceDefinition")).isEqualTo(5);
        assertThat(r.out()).contains("ValidatingWebhookConfiguration").contains("caBundle: \"Q0E=\"").contains("name: \"gpushare-controller\"");
        assertThat(Main.capture("render", "crds", "--no-webhook").out()).doesNotContain("ValidatingWebhookConfiguration");
    }

    @Test
    void resourcesOfAnExample() {
        CliResult r = Main.capture("render", "resources", "../../examples/mps-sharing/spec.yaml", "--namespace", "inference");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("kind: \"GpuCapacityProvider\"").contains("kind: \"GpuService\"")
                .contains("namespace: \"inference\"").contains("gpushare.dev/cluster: \"embeddings-prod\"");
    }

    @Test
    void controllerManifestsAndABadOption() {
        assertThat(Main.capture("render", "controller").out()).contains("kind: \"Deployment\"").contains("replicas: 2")
                .contains("kind: \"PodDisruptionBudget\"").contains("kind: \"ClusterRole\"");
        CliResult bad = Main.capture("controller", "--backend", "file:x");
        assertThat(bad.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(bad.err()).contains("kubernetes:");
        CliResult grace = Main.capture("controller", "--backend", "kubernetes:", "--repair-grace", "soon");
        assertThat(grace.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(grace.err()).contains("--repair-grace soon").contains("90s");
    }
}
