package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpushare export ecs|sagemaker}, and import(export(spec)) through the command line. */
class ExportCommandTest {
    private static final Path EXAMPLES = Path.of("../../examples");

    @TempDir
    Path dir;

    @Test
    void ecsExportImportsBackToTheSameTaskDefinitions() throws Exception {
        Path spec = EXAMPLES.resolve("mps-sharing/spec.yaml");
        CliResult exported = Main.capture("export", "ecs", spec.toString());
        assertThat(exported.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(exported.out()).startsWith("[").contains("\"sharingStrategy\"").contains("\"nvidiaMps\"");
        Path file = Files.writeString(dir.resolve("tds.json"), exported.out());
        CliResult back = Main.capture("import", "ecs-task-definition", file.toString());
        assertThat(back.exitCode()).isEqualTo(ExitCodes.OK);
        // The example's task definitions, in the spec's own key order and values.
        String original = Files.readString(spec);
        assertThat(back.out()).contains("- family: embedder-small\n  cpu: 2048\n  memory: 4096\n")
                .contains("memory: 3072\n        maxComputePercent: 20\n");
        assertThat(original).contains("nvidiaMps: {memory: 3072, maxComputePercent: 20}");
    }

    @Test
    void sageMakerExportWritesOneFilePerRequest() throws Exception {
        Path out = dir.resolve("sm");
        CliResult r = Main.capture("export", "sagemaker", "--out-dir", out.toString(),
                EXAMPLES.resolve("sagemaker-mig/spec.yaml").toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
        List<String> names;
        try (Stream<Path> files = Files.list(out)) {
            names = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(names).containsExactly("chat.inference-component.json", "embed.inference-component.json",
                "partition-demo.endpoint-config.json", "partition-demo.endpoint.json", "summarize.inference-component.json");
        List<String> args = new java.util.ArrayList<>(List.of("import", "sagemaker"));
        names.forEach(n -> args.add(out.resolve(n).toString()));
        CliResult back = Main.capture(args.toArray(String[]::new));
        assertThat(back.exitCode()).isEqualTo(ExitCodes.OK);
        // summarize has no hostMemoryMiB in the spec: SageMaker needs MinMemoryRequiredInMb, 1024 is written.
        assertThat(back.out()).contains("- name: summarize\n  endpoint: partition-demo\n  model: bart-large-cnn\n"
                + "  partitionType: mig-3g.20gb\n  copyCount: 2\n  hostMemoryMiB: 1024\n");
    }

    @Test
    void anInvalidSpecIsExitOne() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "apiVersion: gpushare.dev/v1\ncluster: c\nendpoints: 3\n");
        CliResult r = Main.capture("export", "ecs", bad.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.out()).isEmpty();
    }
}
