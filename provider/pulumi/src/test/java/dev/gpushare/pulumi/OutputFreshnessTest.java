package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.pulumi.EngineDriver.Res;
import dev.gpushare.pulumi.internal.Wire;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pulumirpc.Provider;
import pulumirpc.ResourceProviderGrpc;
import tools.jackson.databind.JsonNode;

/**
 * The output-freshness rule (docs/pulumi.md) through the engine's call order, in process: after
 * every up each resource's outputs equal the cluster's status, with no refresh; the preview names
 * the outputs that will change. The same sequence runs on the real engine in
 * {@code PulumiOutputFreshnessProcessTest}.
 *
 * <p>The pool: g6.12xlarge = 4 L4 of 22,563 MiB usable (catalog), MPS. embedder: 4 copies of
 * 4,096 MiB; reranker: 2 copies of 8,192 MiB — one instance holds both (4 × 4,096 + 2 × 8,192 =
 * 32,768 MiB of 90,252). Cost: a g6.12xlarge is 4.6016 $/h in the catalog, so the pool's
 * {@code costPerHour} is 4.6016 on one instance and 9.2032 on two; the endpoint, one
 * ml.p4d.24xlarge, 25.251288 (p4d.24xlarge's 21.957642 × 1.15).
 */
class OutputFreshnessTest {
    @TempDir Path dir;
    private Server server;
    private ManagedChannel channel;
    private EngineDriver engine;
    private String backendUrl;
    private ResourceProviderGrpc.ResourceProviderBlockingStub stub;

    @BeforeEach
    void start() throws Exception {
        String name = InProcessServerBuilder.generateName();
        server = InProcessServerBuilder.forName(name).directExecutor().addService(new GpushareProvider(dir.toString())).build().start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        stub = ResourceProviderGrpc.newBlockingStub(channel);
        engine = new EngineDriver(stub);
        backendUrl = "file:" + dir.resolve("state.db");
        engine.start("{\"backend\":\"" + backendUrl + "\"}", dir.toString());
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        server.shutdownNow();
    }

    static Res task(String family, int memoryMiB, Integer percent) {
        return task(family, memoryMiB, percent, "1");
    }

    static Res task(String family, int memoryMiB, Integer percent, String tag) {
        return new Res("TaskDefinition", family + "Task", """
                {"cluster":"demo","family":"%s","containers":[{"name":"model","image":"ghcr.io/acme/%s:%s",
                 "gpu":{"nvidiaMps":{"memory":%d%s}}}]}""".formatted(family, family, tag, memoryMiB,
                percent == null ? "" : ",\"maxComputePercent\":" + percent));
    }

    static Res service(String name, String taskDefinition, int count) {
        return new Res("Service", name, """
                {"cluster":"demo","name":"%s","taskDefinition":"%s","capacityProvider":"l4","desiredCount":%d}"""
                .formatted(name, taskDefinition, count));
    }

    /** The program: the embedder refers to its task definition's revision, the reranker to its family. */
    static List<Res> program(int embedderPercent, int rerankerMemory, int rerankerCount, boolean llama) {
        List<Res> p = new ArrayList<>(List.of(
                new Res("CapacityProvider", "l4", """
                        {"cluster":"demo","name":"l4","instanceType":"g6.12xlarge","maxInstances":4}"""),
                task("embedder", 4096, embedderPercent), task("reranker", rerankerMemory, null),
                service("embedder", "${embedderTask.revision}", 4), service("reranker", "reranker", rerankerCount),
                new Res("Endpoint", "mig", """
                        {"cluster":"demo","name":"mig","instanceType":"ml.p4d.24xlarge","instanceCount":1,
                         "partitionLayout":["mig-3g.20gb","mig-4g.20gb"]}"""),
                new Res("InferenceComponent", "gpt2", """
                        {"cluster":"demo","name":"gpt2","endpoint":"mig","model":"gpt2","partitionType":"mig-4g.20gb","copyCount":1}""")));
        if (llama) p.add(new Res("InferenceComponent", "llama", """
                {"cluster":"demo","name":"llama","endpoint":"mig","model":"llama-3-8b","partitionType":"mig-3g.20gb","copyCount":1}"""));
        return p;
    }

    @Test
    void everyUpLeavesEveryOutputAsTheClusterIs() {
        engine.up(program(25, 8192, 2, false));
        assertFresh(1);

        // replace a task definition the service refers to by revision: its input changes, and so do its copies
        engine.preview(program(50, 8192, 2, false));
        assertThat(engine.steps).containsEntry("embedderTask", "replace").containsEntry("embedder", "update")
                .containsEntry("reranker", "same").containsEntry("l4", "same");
        assertThat(engine.diffs.get("embedder")).containsExactly("copies", "taskDefinition");
        engine.up(program(50, 8192, 2, false));
        assertThat(engine.steps).containsEntry("embedderTask", "replace").containsEntry("embedder", "update");
        assertThat(env(service("embedder", "", 0), "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE")).isEqualTo("50");
        assertFresh(1);

        // replace a task definition the service names by family: only its outputs differ, and the Diff says so
        engine.preview(program(50, 6144, 2, false));
        assertThat(engine.steps).containsEntry("rerankerTask", "replace").containsEntry("reranker", "update");
        assertThat(engine.diffs.get("reranker")).containsExactly("copies");
        engine.up(program(50, 6144, 2, false));
        assertThat(engine.steps).containsEntry("reranker", "update").containsEntry("embedder", "same");
        assertThat(env(service("reranker", "", 0), "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT")).isEqualTo("0=6144M");
        assertFresh(1);

        // scale the neighbour past one instance: 4 × 4,096 + 16 × 6,144 = 114,688 MiB > 90,252 — a second
        // instance; the embedder's copies stay where they are
        engine.up(program(50, 6144, 16, false));
        assertThat(engine.steps).containsEntry("reranker", "update").containsEntry("embedder", "same").containsEntry("l4", "same");
        assertFresh(2);

        // add a model to the endpoint: created; the other component stays the same and fresh
        engine.up(program(50, 6144, 16, true));
        assertThat(engine.steps).containsEntry("llama", "create").containsEntry("gpt2", "same").containsEntry("mig", "same");
        assertFresh(2);

        // nothing changed: nothing to do, in the preview and in the up
        engine.preview(program(50, 6144, 16, true));
        assertThat(engine.steps.values()).containsOnly("same");
    }

    /**
     * A copy's {@code revision} output is what it runs: a new image in the task definition gives every
     * copy of its service a new revision (and status the same one), while the neighbour's stay.
     */
    @Test
    void aNewImageGivesTheServicesCopiesANewRevision() {
        engine.up(program(25, 8192, 2, false));
        assertFresh(1);
        List<String> before = revisions("embedder");
        List<String> neighbour = revisions("reranker");
        assertThat(before).hasSize(4).allSatisfy(r -> assertThat(r).matches("[0-9a-f]{12}")).containsOnly(before.get(0));
        assertThat(neighbour).hasSize(2).doesNotContain(before.get(0));

        List<Res> newImage = new ArrayList<>(program(25, 8192, 2, false));
        newImage.set(1, task("embedder", 4096, 25, "2"));
        engine.up(newImage);
        assertThat(engine.steps).containsEntry("embedderTask", "replace").containsEntry("embedder", "update");
        List<String> after = revisions("embedder");
        assertThat(after).hasSize(4).allSatisfy(r -> assertThat(r).matches("[0-9a-f]{12}")).containsOnly(after.get(0));
        assertThat(after.get(0)).isNotEqualTo(before.get(0));
        assertThat(revisions("reranker")).isEqualTo(neighbour);
        assertFresh(1); // the new revision is the one status shows for each copy
    }

    private List<String> revisions(String service) {
        JsonNode out = LifecycleAssertions.json(engine.state.get(service(service, "", 0).urn()).outputs());
        List<String> r = new ArrayList<>();
        for (JsonNode c : out.get("copies")) r.add(c.get("revision").asString());
        return r;
    }

    @Test
    void aRevisionThatIsNotTheTaskDefinitionsOwnIsRefused() {
        engine.up(program(25, 8192, 2, false));
        String revision = LifecycleAssertions.json(engine.state.get(task("embedder", 0, null).urn()).outputs()).get("revision").asString();
        List<Res> stale = new ArrayList<>(program(25, 8192, 2, false));
        stale.set(3, service("embedder", "embedder:000000000000", 4));
        assertThatThrownBy(() -> engine.preview(stale)).isInstanceOfSatisfying(EngineDriver.CheckFailed.class,
                e -> assertThat(e.failures).singleElement().satisfies(f -> {
                    assertThat(f.getProperty()).isEqualTo("taskDefinition");
                    assertThat(f.getReason()).contains("is at revision " + revision + ", not embedder:000000000000");
                }));
    }

    private String env(Res service, String variable) {
        JsonNode out = LifecycleAssertions.json(engine.state.get(service.urn()).outputs());
        return out.get("copies").get(0).get("containers").get(0).get("env").get(variable).asString();
    }

    /** Every resource against status; the pool's function too. */
    private void assertFresh(int poolInstances) {
        Freshness.assertOutputsMatchTheBackend(engine, backendUrl);
        JsonNode pool = Wire.decode(stub.invoke(Provider.InvokeRequest.newBuilder().setTok("gpushare:index:getCapacityProvider")
                .setArgs(Props.struct("{\"cluster\":\"demo\",\"name\":\"l4\"}")).build()).getReturn()).values();
        try (Backend b = Backends.open(backendUrl)) {
            Freshness.assertPoolFresh(pool, StateJson.toTree(b.read(Demo.CLUSTER).state()), "l4");
        }
        assertThat(pool.get("instanceCount").asInt()).isEqualTo(poolInstances);
        assertThat(pool.get("costPerHour").decimalValue())
                .isEqualByComparingTo(new java.math.BigDecimal("4.6016").multiply(java.math.BigDecimal.valueOf(poolInstances)));
        assertThat(LifecycleAssertions.json(engine.state.get(new Res("Endpoint", "mig", "{}").urn()).outputs())
                .get("costPerHour").decimalValue()).isEqualByComparingTo("25.251288");
    }
}
