package dev.gpushare.examples.pulumi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.pulumi.PulumiCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * This example end to end with the real Pulumi engine and pulumi-language-java (built by
 * scripts/build-pulumi-cli; .ci/run builds them): preview, up, scale + add a model (update in
 * place), layout reorder (replace), refresh (no drift), an invalid program (preview fails naming
 * the property), destroy (backend empty). Runs in the integration-test phase, after the program's jar.
 */
class PulumiJavaProcessTest {
    private static final Path PLUGIN = Path.of("../../provider/pulumi/target/plugin");
    private static final Path JAR = Path.of("target/gpushare-pulumi-java-example.jar");
    @TempDir Path dir;

    @Test
    void javaProgramThroughTheIssueSequence() throws Exception {
        Path bin = PulumiCli.find("pulumi-language-java");
        assumeTrue(bin != null, "Pulumi CLI not built here: run scripts/build-pulumi-cli (CI does)");
        assumeTrue(Files.isExecutable(PLUGIN.resolve("pulumi-resource-gpushare")) && Files.exists(JAR),
                "plugin or program jar not built (run mvn package)");
        Path program = Files.createDirectories(dir.resolve("program"));
        Files.writeString(program.resolve("Pulumi.yaml"), Files.readString(Path.of("Pulumi.yaml"))
                .replace("path: ../../provider/pulumi/target/plugin", "path: " + PLUGIN.toAbsolutePath().normalize())
                .replace("binary: target/gpushare-pulumi-java-example.jar", "binary: " + JAR.toAbsolutePath()));
        String backendUrl = "file:" + program.resolve(".gpushare/state");
        PulumiCli pulumi = new PulumiCli(bin, dir);
        // one plugin JVM per operation: the provider daemon (on by default) would outlive the test;
        // provider/pulumi's PluginDaemonProcessTest and PulumiCliProcessTest cover it
        pulumi.env("GPUSHARE_PULUMI_DAEMON", "off");
        assertThat(pulumi.run(program, "stack", "init", "dev").exitCode()).isZero();

        PulumiCli.Result preview = pulumi.run(program, "preview");
        assertThat(preview.exitCode()).isZero();
        assertThat(preview.output()).contains("+ 6 to create");
        assertThat(declared(backendUrl)).isEmpty();

        PulumiCli.Result up = pulumi.run(program, "up", "--yes", "--skip-preview");
        assertThat(up.exitCode()).isZero();
        assertThat(up.output()).contains("6 created").contains("embedderCopies: 4");
        assertThat(allocations(backendUrl)).isEqualTo(4 + 1);

        pulumi.run(program, "config", "set", "embedderCount", "8");
        pulumi.run(program, "config", "set", "addLlama", "true");
        up = pulumi.run(program, "up", "--yes", "--skip-preview");
        assertThat(up.exitCode()).isZero();
        assertThat(up.output()).contains("1 created").contains("1 updated").doesNotContain("replaced");
        assertThat(allocations(backendUrl)).isEqualTo(8 + 2);

        pulumi.run(program, "config", "set", "layout", "mig-4g.20gb,mig-3g.20gb");
        up = pulumi.run(program, "up", "--yes", "--skip-preview");
        assertThat(up.exitCode()).isZero();
        assertThat(up.output()).contains("1 replaced");

        PulumiCli.Result refresh = pulumi.run(program, "refresh", "--yes", "--skip-preview");
        assertThat(refresh.exitCode()).isZero();
        assertThat(refresh.output()).doesNotContain("updated").doesNotContain("deleted");
        assertThat(pulumi.run(program, "preview", "--expect-no-changes").exitCode()).isZero();

        pulumi.run(program, "config", "set", "--", "embedderCount", "-1");
        PulumiCli.Result invalid = pulumi.run(program, "preview");
        assertThat(invalid.exitCode()).isNotZero();
        assertThat(invalid.output()).contains("desiredCount");
        pulumi.run(program, "config", "set", "embedderCount", "8");

        assertThat(pulumi.run(program, "destroy", "--yes", "--skip-preview").exitCode()).isZero();
        assertThat(declared(backendUrl)).isEmpty();
        try (Backend b = Backends.open(backendUrl)) {
            assertThat(b.clusters()).isEmpty();
        }
    }

    private static Map<String, tools.jackson.databind.node.ObjectNode> declared(String backendUrl) {
        try (Backend b = Backends.open(backendUrl)) {
            return b.declaredResources().orElseThrow().declared("demo");
        }
    }

    private static int allocations(String backendUrl) {
        try (Backend b = Backends.open(backendUrl)) {
            return b.read("demo").state().summary().allocations();
        }
    }
}
