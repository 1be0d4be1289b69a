package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.pulumi.internal.Wire;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The output-freshness rule on the real Pulumi engine (CLI v3.274.1 and pulumi-language-yaml from
 * scripts/build-pulumi-cli; CI builds them, and there this test fails rather than skips when they
 * are missing): a YAML program of a pool with two services, an endpoint with a model, and
 * {@code getCapacityProvider} called after the services. Through three ups — replace a task
 * definition, scale the neighbour service past one instance, add a model to the endpoint — every
 * resource's outputs in the stack ({@code pulumi stack export}) equal the cluster's status after
 * each up, with no refresh; the preview before each names the outputs that change; and a preview
 * after the last up has nothing to do.
 *
 * <p>Capacity (catalog): g6.12xlarge = 4 L4 × 22,563 MiB usable, MPS, bin-packed. The embedder's
 * 4 × 4,096 MiB fill GPU 0 to 16,384 (6,179 left, less than a reranker copy's 8,192); the
 * reranker takes two copies a GPU (16,384): 6 on GPUs 1–3, so 2 copies fit one instance and 12
 * need a second.
 */
class PulumiOutputFreshnessProcessTest {
    private static final String PROGRAM = """
            name: gpushare-freshness
            runtime: yaml
            plugins:
              providers:
                - name: gpushare
                  path: PLUGIN
            resources:
              l4:
                type: gpushare:index:CapacityProvider
                properties: {cluster: demo, name: l4, instanceType: g6.12xlarge, maxInstances: 4}
              embedderTask:
                type: gpushare:index:TaskDefinition
                properties:
                  cluster: demo
                  family: embedder
                  containers:
                    - name: model
                      image: ghcr.io/acme/embedder:1.4
                      gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 25}}
              rerankerTask:
                type: gpushare:index:TaskDefinition
                properties:
                  cluster: demo
                  family: reranker
                  containers:
                    - name: model
                      image: ghcr.io/acme/reranker:2
                      gpu: {nvidiaMps: {memory: 6144}}
              embedder:
                type: gpushare:index:Service
                properties:
                  cluster: demo
                  name: embedder
                  taskDefinition: ${embedderTask.revision}
                  capacityProvider: ${l4.name}
                  desiredCount: 4
              reranker:
                type: gpushare:index:Service
                properties:
                  cluster: demo
                  name: reranker
                  taskDefinition: ${rerankerTask.family}
                  capacityProvider: ${l4.name}
                  desiredCount: 2
              mig:
                type: gpushare:index:Endpoint
                properties:
                  cluster: demo
                  name: mig
                  instanceType: ml.p4d.24xlarge
                  instanceCount: 1
                  partitionLayout: ["mig-3g.20gb", "mig-4g.20gb"]
              gpt2:
                type: gpushare:index:InferenceComponent
                properties: {cluster: demo, name: gpt2, endpoint: "${mig.name}", model: gpt2, partitionType: mig-4g.20gb, copyCount: 1}
            variables:
              l4Placement:
                fn::invoke:
                  function: gpushare:index:getCapacityProvider
                  # the services' ids order the call after them (YAML's function calls ignore dependsOn)
                  arguments: {cluster: demo, name: "${l4.name}", services: ["${embedder.id}", "${reranker.id}"]}
            outputs:
              l4InstanceCount: ${l4Placement.instanceCount}
              l4Instances: ${l4Placement.instances}
              l4CostPerHour: ${l4Placement.costPerHour}
            """;
    private static final String LLAMA = """
              llama:
                type: gpushare:index:InferenceComponent
                properties: {cluster: demo, name: llama, endpoint: "${mig.name}", model: llama-3-8b, partitionType: mig-3g.20gb, copyCount: 1}
            variables:""";

    @TempDir Path dir;

    @Test
    void everyUpLeavesEveryOutputAsTheClusterIs() throws Exception {
        Path bin = PulumiCli.find("pulumi-language-yaml");
        if (bin == null && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("the Pulumi CLI is not built: .ci/run builds it with scripts/build-pulumi-cli");
        }
        assumeTrue(bin != null, "Pulumi CLI not built here: run scripts/build-pulumi-cli (CI does)");
        assumeTrue(PluginProcess.built(), "target/plugin not built (run mvn package)");
        Path program = Files.createDirectories(dir.resolve("program"));
        String v1 = PROGRAM.replace("PLUGIN", PluginProcess.LAUNCHER.toAbsolutePath().getParent().toString());
        String backendUrl = "file:" + program.resolve(".gpushare/state");
        PulumiCli pulumi = new PulumiCli(bin, dir);
        Files.writeString(program.resolve("Pulumi.yaml"), v1);
        assertThat(pulumi.run(program, "stack", "init", "dev").exitCode()).isZero();
        up(pulumi, program);
        assertFresh(pulumi, program, backendUrl, 1);

        // replace both task definitions: the service that refers to its task definition's revision updates
        // (its input and its copies change), and so does the one that names the family (its copies change)
        String v2 = v1.replace("maxComputePercent: 25", "maxComputePercent: 50").replace("memory: 6144", "memory: 8192");
        Files.writeString(program.resolve("Pulumi.yaml"), v2);
        PulumiCli.Result preview = pulumi.run(program, "preview");
        assertThat(preview.exitCode()).isZero();
        assertThat(preview.output()).containsPattern("~ +gpushare:index:Service embedder update \\[diff: ~copies,taskDefinition]")
                .containsPattern("~ +gpushare:index:Service reranker update \\[diff: ~copies]")
                .containsPattern("\\+\\+ +gpushare:index:TaskDefinition embedderTask create replacement")
                .contains("2 to replace").contains("2 to update");
        up(pulumi, program);
        assertThat(exported(pulumi, program, "embedder").get("copies").get(0).get("containers").get(0).get("env")
                .get("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE").asString()).isEqualTo("50");
        assertThat(exported(pulumi, program, "reranker").get("copies").get(0).get("containers").get(0).get("env")
                .get("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT").asString()).isEqualTo("0=8192M");
        assertFresh(pulumi, program, backendUrl, 1);

        // scale the neighbour past one instance: the pool grows, which getCapacityProvider (called after the services) reports
        String v3 = v2.replace("desiredCount: 2", "desiredCount: 12");
        Files.writeString(program.resolve("Pulumi.yaml"), v3);
        up(pulumi, program);
        assertFresh(pulumi, program, backendUrl, 2);

        // add a model to the endpoint
        String v4 = v3.replace("variables:", LLAMA);
        Files.writeString(program.resolve("Pulumi.yaml"), v4);
        up(pulumi, program);
        assertFresh(pulumi, program, backendUrl, 2);

        // nothing left to do: no perpetual diff
        assertThat(pulumi.run(program, "preview", "--expect-no-changes").exitCode()).isZero();
        assertThat(pulumi.run(program, "destroy", "--yes", "--skip-preview").exitCode()).isZero();
    }

    private static void up(PulumiCli pulumi, Path program) throws Exception {
        PulumiCli.Result up = pulumi.run(program, "up", "--yes"); // with its preview pass, as users run it
        assertThat(up.exitCode()).as(up.output()).isZero();
    }

    /** Every gpushare resource's outputs in the stack, and the pool function's result, against the backend's status. */
    private static void assertFresh(PulumiCli pulumi, Path program, String backendUrl, int poolInstances) throws Exception {
        JsonNode deployment = stack(pulumi, program);
        List<Freshness.Recorded> resources = new ArrayList<>();
        JsonNode stackOutputs = null;
        for (JsonNode r : deployment.path("deployment").path("resources")) {
            String type = r.path("type").asString();
            if (type.startsWith("gpushare:index:")) resources.add(new Freshness.Recorded(type, r.path("outputs")));
            if (type.equals("pulumi:pulumi:Stack")) stackOutputs = r.path("outputs");
        }
        assertThat(resources).hasSizeGreaterThanOrEqualTo(7);
        try (Backend b = Backends.open(backendUrl)) {
            JsonNode status = StateJson.toTree(b.read("demo").state());
            Freshness.assertFresh(resources, status);
            ObjectPool pool = new ObjectPool(stackOutputs);
            Freshness.assertPoolFresh(pool.node(), status, "l4");
        }
        assertThat(stackOutputs.get("l4InstanceCount").asInt()).isEqualTo(poolInstances);
    }

    /** The stack outputs l4Instances, l4InstanceCount and l4CostPerHour as the function's result. */
    private record ObjectPool(JsonNode stackOutputs) {
        JsonNode node() {
            var n = Wire.JSON.createObjectNode();
            n.set("instances", stackOutputs.get("l4Instances"));
            n.set("instanceCount", stackOutputs.get("l4InstanceCount"));
            n.set("costPerHour", stackOutputs.get("l4CostPerHour"));
            return n;
        }
    }

    private static JsonNode exported(PulumiCli pulumi, Path program, String name) throws Exception {
        for (JsonNode r : stack(pulumi, program).path("deployment").path("resources")) {
            if (r.path("urn").asString().endsWith("::" + name)) return r.path("outputs");
        }
        throw new AssertionError("no resource " + name + " in the stack");
    }

    private static JsonNode stack(PulumiCli pulumi, Path program) throws Exception {
        PulumiCli.Result export = pulumi.run(program, "stack", "export", "--show-secrets");
        assertThat(export.exitCode()).isZero();
        return Wire.JSON.readTree(export.output().substring(export.output().indexOf('{')));
    }
}
