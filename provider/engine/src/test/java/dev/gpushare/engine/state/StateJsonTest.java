package dev.gpushare.engine.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

class StateJsonTest {

    /** One instance of each kind the contract shows: MPS, dedicated, fractional, MIG, and an unplaced copy. */
    static FleetState sample() {
        Gpu mps = new Gpu(0, "L4", 22563, GpuMode.MPS, null, List.of(), List.of(
                new Allocation(TaskId.parse("embedder/3"), "model", 4096L, 25, null, Map.of(
                        "NVIDIA_VISIBLE_DEVICES", "0", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=4096M",
                        "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "25")),
                new Allocation(TaskId.parse("reranker/0"), "model", 2048L, null, null, Map.of(
                        "NVIDIA_VISIBLE_DEVICES", "0", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=2048M"))));
        Gpu dedicated = new Gpu(1, "L4", 22563, GpuMode.DEDICATED, null, List.of(), List.of(
                new Allocation(TaskId.parse("trainer/0"), "trainer", null, null, null, Map.of("NVIDIA_VISIBLE_DEVICES", "1"))));
        Gpu idle = new Gpu(2, "L4", 22563, GpuMode.IDLE, null, List.of(), List.of());
        Instance l4 = new Instance(InstanceId.parse("l4-shared-0"), new Owner.CapacityProvider("l4-shared"), "g6.12xlarge", true, null,
                List.of(mps, dedicated, idle));
        Instance sick = new Instance(InstanceId.parse("l4-shared-1"), new Owner.CapacityProvider("l4-shared"), "g6.12xlarge", false,
                "mps-daemon-unresponsive", List.of(new Gpu(0, "L4", 22563, GpuMode.IDLE, null, List.of(), List.of())));
        Instance quarter = new Instance(InstanceId.parse("l4-quarter-0"), new Owner.CapacityProvider("l4-quarter"), "g6f.2xlarge", true, null, List.of(
                new Gpu(0, "L4", 5722, GpuMode.FRACTIONAL, new BigDecimal("0.25"), List.of(), List.of(
                        new Allocation(TaskId.parse("ocr/0"), "ocr", null, null, null, Map.of("NVIDIA_VISIBLE_DEVICES", "0"))))));
        Instance mig = new Instance(InstanceId.parse("partition-demo-0"), new Owner.Endpoint("partition-demo"), "ml.p4d.24xlarge", true, null, List.of(
                new Gpu(0, "A100-40GB", 40192, GpuMode.MIG, null,
                        List.of(new MigPartition("4g.20gb", 0, 19968), new MigPartition("3g.20gb", 4, 19968)),
                        List.of(new Allocation(TaskId.parse("demo-ic-4g/0"), "gpt2", null, null,
                                new Allocation.PartitionRef("4g.20gb", 0), Map.of("NVIDIA_VISIBLE_DEVICES", "0"))))));
        return new FleetState("inference-prod", List.of(l4, sick, quarter, mig), List.of(
                new Unplaced(TaskId.parse("embedder/11"), PlacementCode.MAX_INSTANCES_REACHED,
                        "needs 4096 MiB of MPS memory on one GPU; raise maxInstances of l4-shared from 1 to 2")));
    }

    @Test
    void roundTripsExactly() {
        FleetState state = sample();
        assertThat(StateJson.fromJson(StateJson.toJson(state))).isEqualTo(state);
        assertThat(StateJson.fromTree(StateJson.toTree(state))).isEqualTo(state);
    }

    @Test
    void emptyFleetRoundTrips() {
        FleetState empty = FleetState.empty("c");
        assertThat(StateJson.fromJson(StateJson.toJson(empty))).isEqualTo(empty);
    }

    @Test
    void keysFollowTheContractOrder() {
        JsonNode tree = StateJson.toTree(sample());
        assertThat(tree.propertyNames()).containsExactly("cluster", "instances", "unplaced", "summary");
        JsonNode inst = tree.get("instances").get(0);
        assertThat(inst.propertyNames()).containsExactly("id", "capacityProvider", "endpoint", "instanceType", "healthy", "gpus");
        assertThat(tree.get("instances").get(1).propertyNames()).contains("healthReason");
        assertThat(inst.get("gpus").get(0).propertyNames())
                .containsExactly("index", "model", "memoryMiB", "mode", "fraction", "partitions", "allocations");
        assertThat(inst.get("gpus").get(0).get("allocations").get(0).propertyNames())
                .containsExactly("task", "container", "memoryMiB", "maxComputePercent", "partition", "env");
        // summary: 4 instances; 3 + 1 + 1 + 1 = 6 GPUs; 2 + 1 + 1 + 1 = 5 allocations; 1 unplaced
        assertThat(tree.get("summary").toString()).isEqualTo("{\"instances\":4,\"gpus\":6,\"allocations\":5,\"unplaced\":1}");
    }

    @Test
    void aRevisionIsWrittenLastWhenKnownAndAnAllocationWithoutOneReadsAsUnknown() {
        Allocation unknown = sample().instances().getFirst().gpus().getFirst().allocations().getFirst();
        assertThat(unknown.revision()).as("the hand-built sample predates revisions").isNull();
        Allocation known = unknown.withRevision(Revision.parse("3f2a9c1b7e4d"));
        JsonNode tree = StateJson.toTree(known);
        assertThat(tree.propertyNames()).containsExactly("task", "container", "memoryMiB", "maxComputePercent", "partition", "env", "revision");
        assertThat(tree.get("revision").asString()).isEqualTo("3f2a9c1b7e4d");
        assertThat(StateJson.allocation(tree)).isEqualTo(known);
        assertThat(StateJson.allocation(StateJson.toTree(unknown)).revision()).isNull();
        assertThat(StateJson.allocation(StateJson.toTree(unknown))).isEqualTo(unknown).isNotEqualTo(known);
    }

    @Test
    void summaryIsIgnoredOnRead() {
        String json = StateJson.toJson(FleetState.empty("c")).replace("\"instances\": 0", "\"instances\": 99");
        assertThat(StateJson.fromJson(json)).isEqualTo(FleetState.empty("c"));
    }

    @Test
    void refusesWhatIsNotAStateDocument() {
        assertThatThrownBy(() -> StateJson.fromJson("{\"instances\": []}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cluster");
        assertThatThrownBy(() -> StateJson.fromJson("{")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void jsonGolden() {
        GoldenFiles.assertMatches("state/sample.json", StateJson.toJson(sample()));
    }

    @Test
    void textGolden() {
        GoldenFiles.assertMatches("state/sample.txt", StateText.render(sample()));
    }
}
