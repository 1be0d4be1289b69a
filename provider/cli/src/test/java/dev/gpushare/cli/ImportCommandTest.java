package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code gpushare import ecs-task-definition|sagemaker}: output on stdout, problems on stderr, exit codes. */
class ImportCommandTest {
    private static final String MPS_TASK = """
            {"family": "embedder", "requiresCompatibilities": ["MANAGED_INSTANCES"], "containerDefinitions": [
              {"name": "model", "image": "example/embedder:1", "resourceRequirements": [
                {"type": "GPU", "sharingStrategy": {"nvidiaMps": {"memory": 4096, "maxComputePercent": 25}}}]}]}""";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void printsTheFragmentAsYaml() throws Exception {
        CliResult r = Main.capture("import", "ecs-task-definition", write("task.json", MPS_TASK).toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).isEqualTo("""
                taskDefinitions:
                - family: embedder
                  containers:
                  - name: model
                    image: example/embedder:1
                    gpu:
                      nvidiaMps:
                        memory: 4096
                        maxComputePercent: 25
                """);
    }

    @Test
    void withAClusterItIsAWholeSpecThatValidates() throws Exception {
        CliResult r = Main.capture("import", "ecs-task-definition", "--cluster", "demo", write("task.json", MPS_TASK).toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).startsWith("apiVersion: gpushare.dev/v1\ncluster: demo\ntaskDefinitions:\n");
        Path spec = write("spec.yaml", r.out());
        assertThat(Main.capture("validate", spec.toString()).exitCode()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void anEcsRuleBrokenIsExitOneWithTheValidateJsonShape() throws Exception {
        String broken = MPS_TASK.replace("\"memory\": 4096", "\"memory\": 0");
        CliResult r = Main.capture("import", "ecs-task-definition", "--format", "json", write("bad.json", broken).toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.out()).isEmpty();
        JsonNode report = JsonMapper.builder().build().readTree(r.err());
        assertThat(report.get("valid").asBoolean()).isFalse();
        JsonNode p = report.get("problems").get(0);
        assertThat(p.get("file").asString()).endsWith("bad.json");
        assertThat(p.get("path").asString()).isEqualTo("/containerDefinitions/0/resourceRequirements/0/sharingStrategy/nvidiaMps/memory");
        assertThat(p.get("code").asString()).isEqualTo("ECS_MPS_MEMORY_TOO_SMALL");
    }

    @Test
    void sageMakerRequestsAsJson() throws Exception {
        Path config = write("cfg.json", """
                {"EndpointConfigName": "partition-demo-cfg", "ProductionVariants": [{"VariantName": "AllTraffic",
                 "InstanceType": "ml.p4d.24xlarge", "InitialInstanceCount": 1,
                 "AcceleratorPartitionLayouts": [{"AcceleratorPartitionTypes": ["mig-3g.20gb", "mig-4g.20gb"]}]}]}""");
        Path ic = write("ic.json", """
                {"InferenceComponentName": "demo-ic-4g", "EndpointName": "partition-demo", "VariantName": "AllTraffic",
                 "Specification": {"ComputeResourceRequirements": {"AcceleratorPartitionType": "mig-4g.20gb",
                   "NumberOfAcceleratorDevicesRequired": 1, "MinMemoryRequiredInMb": 1024}},
                 "RuntimeConfig": {"CopyCount": 1}}""");
        CliResult r = Main.capture("import", "sagemaker", "--format", "json", config.toString(), ic.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
        JsonNode out = JsonMapper.builder().build().readTree(r.out());
        assertThat(out.get("endpoints").get(0).get("partitionLayout").toString()).isEqualTo("[\"mig-3g.20gb\",\"mig-4g.20gb\"]");
        assertThat(out.get("inferenceComponents").get(0).get("partitionType").asString()).isEqualTo("mig-4g.20gb");
    }

    @Test
    void aMissingFileIsAUsageError() {
        CliResult r = Main.capture("import", "sagemaker", dir.resolve("nope.json").toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("nope.json").contains("no such file");
    }

    @Test
    void importAloneShowsItsFormats() {
        CliResult r = Main.capture("import");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("ecs-task-definition").contains("sagemaker");
    }
}
