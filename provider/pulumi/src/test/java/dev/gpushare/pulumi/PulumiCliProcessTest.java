package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end with the real Pulumi engine (CLI v3.274.1 and pulumi-language-yaml, built from Go
 * modules by scripts/build-pulumi-cli; .ci/run builds them, so this runs in CI) on
 * examples/pulumi-yaml: preview, up, scale + add a model (update in place), layout reorder
 * (replace), refresh (no drift), an invalid program (preview fails naming the property), destroy
 * (backend empty). Skipped where the CLI is not built. The plugin runs as the engine runs it, with
 * the provider daemon switched on (of a directory of this test's own): one daemon serves every operation, the
 * engine's interrupt and kill of each plugin process leave it running.
 */
class PulumiCliProcessTest {
    private static final Path EXAMPLE = Path.of("../../examples/pulumi-yaml/Pulumi.yaml");
    @TempDir Path dir;

    @Test
    void yamlProgramThroughTheIssueSequence() throws Exception {
        Path bin = PulumiCli.find("pulumi-language-yaml");
        assumeTrue(bin != null, "Pulumi CLI not built here: run scripts/build-pulumi-cli (CI does)");
        assumeTrue(PluginProcess.built(), "target/plugin not built (run mvn package)");
        Path program = Files.createDirectories(dir.resolve("program"));
        String v1 = Files.readString(EXAMPLE).replace("path: ../../provider/pulumi/target/plugin",
                "path: " + PluginProcess.LAUNCHER.toAbsolutePath().getParent());
        Files.writeString(program.resolve("Pulumi.yaml"), v1);
        String backendUrl = "file:" + program.resolve(".gpushare/state");
        Path daemons = dir.resolve("daemons");
        PulumiCli pulumi = new PulumiCli(bin, dir).env("GPUSHARE_PULUMI_DAEMON_DIR", daemons.toString())
                .env("GPUSHARE_PULUMI_DAEMON", "on");
        try {
            issueSequence(pulumi, program, v1, backendUrl, () -> {
                // the first operation is served by a plugin JVM of its own, which starts the daemon: once
                // it is warm, the launcher uses it
                assertThat(TestDaemons.awaitWarm(daemons)).as("a warm daemon").isTrue();
                return null;
            });
            // after the first preview: 3 ups, refresh, 2 previews, destroy, each a session
            TestDaemons.Served served = TestDaemons.served(daemons);
            assertThat(served.daemons()).isEqualTo(1);
            assertThat(served.sessions()).isGreaterThanOrEqualTo(7);
        } finally {
            TestDaemons.stopAll(daemons);
        }
    }

    private static void issueSequence(PulumiCli pulumi, Path program, String v1, String backendUrl,
            java.util.concurrent.Callable<Void> afterFirstPreview) throws Exception {
        assertThat(pulumi.run(program, "stack", "init", "dev").exitCode()).isZero();

        PulumiCli.Result preview = pulumi.run(program, "preview");
        assertThat(preview.exitCode()).isZero();
        assertThat(preview.output()).contains("+ 6 to create"); // 5 resources and the stack
        assertThat(declared(backendUrl)).isEmpty();
        afterFirstPreview.call();

        PulumiCli.Result up = pulumi.run(program, "up", "--yes", "--skip-preview");
        assertThat(up.exitCode()).isZero();
        assertThat(up.output()).contains("6 created");
        assertThat(declared(backendUrl)).hasSize(5);
        assertThat(allocations(backendUrl)).isEqualTo(4 + 1);
        // the stack outputs: one g6.12xlarge (4.6016 $/h in the catalog) holds the 4 copies of 4,096 MiB;
        // the endpoint is one ml.p4d.24xlarge (21.957642 × 1.15 = 25.251288 $/h)
        String shown = pulumi.run(program, "stack", "output", "--json").output();
        tools.jackson.databind.JsonNode outputs = tools.jackson.databind.json.JsonMapper.builder().build()
                .readTree(shown.substring(shown.indexOf('{'))); // the CLI's warnings, if any, come first
        assertThat(outputs.get("l4InstanceCount").asInt()).isEqualTo(1);
        assertThat(outputs.get("l4CostPerHour").decimalValue()).isEqualByComparingTo("4.6016");
        assertThat(outputs.get("migCostPerHour").decimalValue()).isEqualByComparingTo("25.251288");

        // scale the service and add a model: updated in place, one created
        String v2 = v1.replace("desiredCount: 4", "desiredCount: 8").replace("outputs:", """
                  llama:
                    type: gpushare:index:InferenceComponent
                    properties:
                      cluster: ${cluster}
                      name: llama
                      endpoint: ${mig.name}
                      model: llama-3-8b
                      partitionType: mig-3g.20gb
                      copyCount: 1
                outputs:""");
        Files.writeString(program.resolve("Pulumi.yaml"), v2);
        up = pulumi.run(program, "up", "--yes", "--skip-preview");
        assertThat(up.exitCode()).isZero();
        assertThat(up.output()).contains("1 created").contains("1 updated").doesNotContain("replaced");
        assertThat(allocations(backendUrl)).isEqualTo(8 + 2);

        // reorder the endpoint's layout: replaced
        String v3 = v2.replace("[\"mig-3g.20gb\", \"mig-4g.20gb\"]", "[\"mig-4g.20gb\", \"mig-3g.20gb\"]");
        Files.writeString(program.resolve("Pulumi.yaml"), v3);
        up = pulumi.run(program, "up", "--yes", "--skip-preview");
        assertThat(up.exitCode()).isZero();
        assertThat(up.output()).contains("1 replaced");
        assertThat(declared(backendUrl).get("endpoints/mig").get("partitionLayout").toString()).isEqualTo("[\"mig-4g.20gb\",\"mig-3g.20gb\"]");

        // refresh: no drift, and the program then previews without changes
        PulumiCli.Result refresh = pulumi.run(program, "refresh", "--yes", "--skip-preview");
        assertThat(refresh.exitCode()).isZero();
        assertThat(refresh.output()).doesNotContain("updated").doesNotContain("deleted");
        assertThat(pulumi.run(program, "preview", "--expect-no-changes").exitCode()).isZero();

        // an invalid program: preview fails and names the property
        Files.writeString(program.resolve("Pulumi.yaml"), v3.replace("desiredCount: 8", "desiredCount: -1"));
        PulumiCli.Result invalid = pulumi.run(program, "preview");
        assertThat(invalid.exitCode()).isNotZero();
        assertThat(invalid.output()).contains("desiredCount");
        Files.writeString(program.resolve("Pulumi.yaml"), v3);

        // destroy: the backend is empty
        PulumiCli.Result destroy = pulumi.run(program, "destroy", "--yes", "--skip-preview");
        assertThat(destroy.exitCode()).isZero();
        assertThat(declared(backendUrl)).isEmpty();
        try (Backend b = Backends.open(backendUrl)) {
            assertThat(b.clusters()).isEmpty();
        }
    }

    private static Map<String, tools.jackson.databind.node.ObjectNode> declared(String backendUrl) {
        try (Backend b = Backends.open(backendUrl)) {
            return b.declaredResources().orElseThrow().declared(Demo.CLUSTER);
        }
    }

    private static int allocations(String backendUrl) {
        try (Backend b = Backends.open(backendUrl)) {
            return b.read(Demo.CLUSTER).state().summary().allocations();
        }
    }
}
