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

    @Test
    void cloudFormationTemplateOnStdoutWithWarningsOnStderr() {
        CliResult r = Main.capture("export", "cloudformation", EXAMPLES.resolve("mps-sharing/spec.yaml").toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).startsWith("AWSTemplateFormatVersion: \"2010-09-09\"\n")
                .contains("  L4MpsAutoScalingGroup:\n    Type: \"AWS::AutoScaling::AutoScalingGroup\"\n")
                .contains("NvidiaMps:\n                  Memory: 3072\n                  MaxComputePercent: 20\n");
        assertThat(r.err()).startsWith("gpushare: warning: ").contains("EXPORT_NOT_MAPPED /capacityProviders/0/gpuSharing/maxClientsPerGpu");
    }

    @Test
    void cloudFormationJsonToAFile() throws Exception {
        Path out = dir.resolve("nested/template.json");
        CliResult r = Main.capture("export", "cloudformation", "--format", "json", "--out", out.toString(),
                "--ecs-capacity", "managed-instances", EXAMPLES.resolve("ecs-gpu-tasks/spec.yaml").toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).isEqualTo(out + "\n");
        var tree = tools.jackson.databind.json.JsonMapper.builder().build().readTree(Files.readString(out));
        assertThat(tree.at("/AWSTemplateFormatVersion").asString()).isEqualTo("2010-09-09");
        assertThat(tree.at("/Resources/OcrTaskDefinition/Properties/RequiresCompatibilities/0").asString()).isEqualTo("MANAGED_INSTANCES");
        assertThat(tree.at("/Resources/OcrTaskDefinition/Properties/ContainerDefinitions/0/ResourceRequirements/0/Value").asString()).isEqualTo("0.25");
    }

    @Test
    void cloudFormationUsageErrorsAreExitTwo() throws Exception {
        String spec = EXAMPLES.resolve("mps-sharing/spec.yaml").toString();
        CliResult format = Main.capture("export", "cloudformation", "--format", "text", spec);
        assertThat(format.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(format.err()).contains("--format text: use yaml or json");
        CliResult capacity = Main.capture("export", "cloudformation", "--ecs-capacity", "fargate", spec);
        assertThat(capacity.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(capacity.err()).contains("--ecs-capacity fargate: use ec2 or managed-instances");
        CliResult toDir = Main.capture("export", "cloudformation", "--out", dir.toString(), spec);
        assertThat(toDir.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(toDir.err()).contains("is a directory; name the template file");
    }

    @Test
    void cloudFormationOfAnInvalidOrUnplaceableSpec() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "apiVersion: gpushare.dev/v1\ncluster: c\nendpoints: 3\n");
        CliResult invalid = Main.capture("export", "cloudformation", bad.toString());
        assertThat(invalid.exitCode()).isEqualTo(ExitCodes.INVALID);
        assertThat(invalid.out()).isEmpty();
        // 12 copies of 20000 MiB: one per L4 (22563 usable); a g6.12xlarge has 4 L4s, at most 2 instances: 8 fit, 4 do not
        Path tight = Files.writeString(dir.resolve("tight.yaml"), """
                apiVersion: gpushare.dev/v1
                cluster: tight
                capacityProviders:
                  - {name: l4, instanceType: g6.12xlarge, maxInstances: 2}
                taskDefinitions:
                  - family: big
                    memory: 1024
                    containers: [{name: m, image: i, gpu: {nvidiaMps: {memory: 20000}}}]
                services:
                  - {name: big, taskDefinition: big, capacityProvider: l4, desiredCount: 12}
                """);
        CliResult unplaced = Main.capture("export", "cloudformation", tight.toString());
        assertThat(unplaced.exitCode()).isEqualTo(ExitCodes.UNPLACED);
        assertThat(unplaced.out()).contains("DesiredCapacity: \"2\"").contains("DesiredCount: 12");
        assertThat(unplaced.err()).contains("4 copies could not be placed");
    }
}
