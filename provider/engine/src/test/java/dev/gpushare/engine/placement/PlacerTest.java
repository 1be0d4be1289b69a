package dev.gpushare.engine.placement;

import static dev.gpushare.engine.placement.Fixtures.all;
import static dev.gpushare.engine.placement.Fixtures.fraction;
import static dev.gpushare.engine.placement.Fixtures.mpsMiB;
import static dev.gpushare.engine.placement.Fixtures.partition;
import static dev.gpushare.engine.placement.Fixtures.whole;
import static dev.gpushare.engine.placement.StateQueries.busyGpus;
import static dev.gpushare.engine.placement.StateQueries.ids;
import static dev.gpushare.engine.placement.StateQueries.instance;
import static dev.gpushare.engine.placement.StateQueries.mpsUsed;
import static dev.gpushare.engine.placement.StateQueries.where;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Spec;

/** Table-driven placement cases; g6.12xlarge = 4 × L4 of 22,563 MiB usable, 48 vCPU (49,152 units). */
class PlacerTest {

    private static FleetState place(Spec spec) {
        return Specs.place(spec);
    }

    @ParameterizedTest(name = "{0} × {1} MiB → {2} GPUs, {3} instances")
    @CsvSource({
            // 10 × 10,000: two per GPU (20,000 ≤ 22,563 < 30,000) → ⌈10/2⌉ = 5 GPUs → ⌈5/4⌉ = 2 instances
            "10, 10000, 5, 2",
            // 6 × 12,000: one per GPU (24,000 > 22,563) → 6 GPUs → 2 instances
            "6, 12000, 6, 2",
            // 9 × 7,521: three per GPU (3 × 7,521 = 22,563, exactly full) → 3 GPUs → 1 instance
            "9, 7521, 3, 1",
            // 9 × 7,522: two per GPU (3 × 7,522 = 22,566 > 22,563) → 5 GPUs → 2 instances
            "9, 7522, 5, 2",
            // 40 × 512: 44 fit one GPU (44 × 512 = 22,528) → 1 GPU → 1 instance
            "40, 512, 1, 1",
    })
    void mpsPacksByMemoryOnly(int copies, int mib, int gpus, int instances) {
        FleetState s = place(Fixtures.spec().mps("l4", "g6.12xlarge", 10).service("svc", "l4", copies, mpsMiB(mib)).build());
        assertThat(s.unplaced()).isEmpty();
        assertThat(busyGpus(s)).hasSize(gpus).allSatisfy(g -> {
            assertThat(g.mode()).isEqualTo(GpuMode.MPS);
            assertThat(mpsUsed(g)).isLessThanOrEqualTo(22_563);
        });
        assertThat(s.instances()).hasSize(instances);
    }

    @Test
    void mpsPairsThatFillAGpuExactly() {
        // 3 × 16,384 + 3 × 6,179: 16,384 + 6,179 = 22,563 = one L4 → 3 GPUs, 1 instance
        FleetState s = place(Fixtures.spec().mps("l4", "g6.12xlarge", 4)
                .service("big", "l4", 3, mpsMiB(16_384)).service("small", "l4", 3, mpsMiB(6_179)).build());
        assertThat(busyGpus(s)).hasSize(3).allSatisfy(g -> assertThat(mpsUsed(g)).isEqualTo(22_563));
        assertThat(s.instances()).hasSize(1);
    }

    @Test
    void mpsContainersOfATaskShareOneGpuAndGetTheirEnv() {
        // two containers 4,096 (25 %) + 2,048 (no limit) = 6,144 on one GPU; 4 copies → 3 per GPU
        // (18,432 ≤ 22,563 < 24,576) → 2 GPUs
        FleetState s = place(Fixtures.spec().mps("l4", "g6.12xlarge", 1)
                .service("pair", "l4", 4, mpsMiB(4_096, 25), mpsMiB(2_048)).build());
        assertThat(busyGpus(s)).hasSize(2);
        for (var e : where(s).entrySet()) assertThat(e.getValue()).hasSize(2).containsOnly(e.getValue().get(0));
        Allocation a = busyGpus(s).get(0).allocations().get(0);
        assertThat(a.env()).containsExactlyInAnyOrderEntriesOf(Map.of("NVIDIA_VISIBLE_DEVICES", "0",
                "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=4096M", "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "25"));
        Allocation b = busyGpus(s).get(0).allocations().get(1);
        assertThat(b.env()).doesNotContainKey("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE")
                .containsEntry("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=2048M");
    }

    @Test
    void contractExample() {
        // embedder: 12 × 4,096 MiB; 5 per L4 (20,480 ≤ 22,563 < 24,576) → GPUs 0,1,2 hold 5,5,2 → 1 instance
        Spec spec = Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: inference-prod
                capacityProviders:
                  - {name: l4-shared, instanceType: g6.12xlarge, minInstances: 0, maxInstances: 8, gpuSharing: {strategy: MPS}}
                  - {name: l4-quarter, instanceType: g6f.2xlarge, maxInstances: 4}
                taskDefinitions:
                  - family: embedder
                    cpu: 1024
                    memory: 2048
                    containers:
                      - {name: model, image: "ghcr.io/acme/embedder:1.4", gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 25}}}
                services:
                  - {name: embedder, taskDefinition: embedder, capacityProvider: l4-shared, desiredCount: 12, placementStrategy: BINPACK}
                endpoints:
                  - {name: partition-demo, instanceType: ml.p4d.24xlarge, instanceCount: 1, partitionLayout: ["mig-3g.20gb", "mig-4g.20gb"]}
                inferenceComponents:
                  - {name: demo-ic-4g, endpoint: partition-demo, model: gpt2, partitionType: mig-4g.20gb, copyCount: 1, hostMemoryMiB: 1024}
                """);
        FleetState s = place(spec);
        assertThat(ids(s)).containsExactly("l4-shared-0", "partition-demo-0");
        Instance l4 = instance(s, "l4-shared-0");
        assertThat(l4.gpus()).extracting(g -> g.allocations().size()).containsExactly(5, 5, 2, 0);
        assertThat(l4.gpus()).extracting(Gpu::mode).containsExactly(GpuMode.MPS, GpuMode.MPS, GpuMode.MPS, GpuMode.IDLE);
        Allocation e3 = l4.gpus().get(0).allocations().stream().filter(a -> a.task().equals(TaskId.parse("embedder/3"))).findFirst().orElseThrow();
        assertThat(e3.env()).isEqualTo(Map.of("NVIDIA_VISIBLE_DEVICES", "0",
                "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=4096M", "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "25"));
        Instance ep = instance(s, "partition-demo-0");
        assertThat(ep.owner()).isEqualTo(new Owner.Endpoint("partition-demo"));
        // A100-40GB: 4g.20gb only starts at 0, so 3g.20gb goes to 4
        assertThat(ep.gpus().get(0).partitions()).extracting(p -> p.profile() + "@" + p.start())
                .containsExactly("4g.20gb@0", "3g.20gb@4");
        assertThat(where(s).get("demo-ic-4g/0")).containsExactly("partition-demo-0#0@0");
        assertThat(s.unplaced()).isEmpty();
    }

    @Test
    void wholeGpusAndAll() {
        // g5.12xlarge = 4 × A10G. ALL × 1 takes instance 0; 2 GPUs × 2 copies fill instance 1
        FleetState s = place(Fixtures.spec().provider("a10", "g5.12xlarge", 0, 4, new GpuSharing.Exclusive())
                .service("everything", "a10", 1, all()).service("pair", "a10", 2, whole(2)).build());
        assertThat(ids(s)).containsExactly("a10-0", "a10-1");
        assertThat(where(s).get("everything/0")).containsExactly("a10-0#0", "a10-0#1", "a10-0#2", "a10-0#3");
        assertThat(where(s).get("pair/0")).containsExactly("a10-1#0", "a10-1#1");
        assertThat(where(s).get("pair/1")).containsExactly("a10-1#2", "a10-1#3");
        assertThat(instance(s, "a10-1").gpus().get(2).allocations().get(0).env())
                .isEqualTo(Map.of("NVIDIA_VISIBLE_DEVICES", "2,3"));
        assertThat(instance(s, "a10-0").gpus().get(0).allocations().get(0).env())
                .isEqualTo(Map.of("NVIDIA_VISIBLE_DEVICES", "0,1,2,3"));
        assertThat(s.instances()).allSatisfy(i -> assertThat(i.gpus()).allSatisfy(g -> {
            assertThat(g.mode()).isEqualTo(GpuMode.DEDICATED);
            assertThat(g.allocations()).hasSize(1);
        }));
    }

    @Test
    void wholeAndMpsNeverShareAGpu() {
        // MPS pool: 1 task of 3 whole GPUs + 5 MPS copies of 10,000 (two per GPU) → whole takes GPUs 0-2 of
        // instance 0, MPS fills GPU 3 (2 copies) and 2 GPUs of a second instance (2 + 1)
        FleetState s = place(Fixtures.spec().mps("l4", "g6.12xlarge", 4)
                .service("trainer", "l4", 1, whole(3)).service("emb", "l4", 5, mpsMiB(10_000)).build());
        assertThat(s.instances()).hasSize(2);
        for (Gpu g : busyGpus(s)) {
            boolean dedicated = g.mode() == GpuMode.DEDICATED;
            assertThat(g.allocations()).allSatisfy(a -> assertThat(a.memoryMiB() == null).isEqualTo(dedicated));
        }
        assertThat(instance(s, "l4-0").gpus()).extracting(Gpu::mode)
                .containsExactly(GpuMode.DEDICATED, GpuMode.DEDICATED, GpuMode.DEDICATED, GpuMode.MPS);
    }

    @Test
    void fractionalOneTaskPerInstance() {
        // 3 copies of 0.25 on g6f.2xlarge (5,722 MiB slices), maxInstances 2 → 2 placed, 1 unplaced: 3 needed
        FleetState s = place(Fixtures.spec().provider("quarter", "g6f.2xlarge", 0, 2, null)
                .service("ocr", "quarter", 3, fraction("0.25")).build());
        assertThat(s.instances()).hasSize(2).allSatisfy(i -> {
            Gpu g = i.gpus().get(0);
            assertThat(g.mode()).isEqualTo(GpuMode.FRACTIONAL);
            assertThat(g.fraction()).isEqualByComparingTo(new BigDecimal("0.25"));
            assertThat(g.memoryMiB()).isEqualTo(5_722);
            assertThat(g.allocations()).hasSize(1);
        });
        assertThat(s.unplaced()).singleElement().satisfies(u -> {
            assertThat(u.task()).isEqualTo(new TaskId("ocr", 2));
            assertThat(u.code().name()).isEqualTo("MAX_INSTANCES_REACHED");
            assertThat(u.message()).contains("raise maxInstances of quarter from 2 to 3");
        });
    }

    @Test
    void timeSlicingReplicas() {
        // g6.xlarge has 1 L4; 4 replicas per GPU; 10 single-GPU copies → 4 + 4 + 2 → 3 instances
        FleetState s = place(Fixtures.spec().provider("ts", "g6.xlarge", 0, 5, new GpuSharing.TimeSlicing(4))
                .service("batch", "ts", 10, whole(1)).build());
        assertThat(s.instances()).extracting(i -> i.gpus().get(0).allocations().size()).containsExactly(4, 4, 2);
        assertThat(s.instances()).allSatisfy(i -> assertThat(i.gpus().get(0).mode()).isEqualTo(GpuMode.TIME_SLICING));
    }

    @Test
    void timeSlicingPlacesCopiesThatNeedManyGpusFirst() {
        // g6.12xlarge: 4 L4 × 4 replicas = 16 slots. sweep (ALL) needs a replica on all 4 GPUs,
        // trainer on 2, six notebooks on 1 each: 4 + 2 + 6 = 12 ≤ 16, and placed widest first
        // (sweep, trainer, notebooks) they share one instance; in arrival order the notebooks would
        // fill GPU 0 and push sweep onto a second instance.
        FleetState s = place(Fixtures.spec().provider("ts", "g6.12xlarge", 0, 2, new GpuSharing.TimeSlicing(4))
                .service("notebooks", "ts", 6, whole(1))
                .service("trainer", "ts", 1, whole(2))
                .service("sweep", "ts", 1, all()).build());
        assertThat(s.instances()).hasSize(1);
        assertThat(s.unplaced()).isEmpty();
        assertThat(s.instances().get(0).gpus()).extracting(g -> g.allocations().size()).containsExactly(4, 4, 3, 1);
    }

    @Test
    void migCapacityProvider() {
        // p4d.24xlarge: 8 × A100-40GB, layout 3g.20gb × 2 → starts 0 and 4 → 16 partitions per instance;
        // 20 copies → 16 + 4 → 2 instances
        FleetState s = place(Fixtures.spec().provider("mig", "p4d.24xlarge", 0, 3,
                        new GpuSharing.Mig(List.of("3g.20gb", "3g.20gb")))
                .service("infer", "mig", 20, partition("3g.20gb")).build());
        assertThat(s.instances()).hasSize(2);
        assertThat(s.instances().get(0).gpus()).allSatisfy(g -> {
            assertThat(g.partitions()).extracting(p -> p.start()).containsExactly(0, 4);
            assertThat(g.allocations()).hasSize(2);
        });
        assertThat(s.instances().get(1).gpus()).extracting(g -> g.allocations().size()).containsExactly(2, 2, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void sagemakerEndpointExample() {
        // ml.p4d.24xlarge × 1 with [mig-3g.20gb, mig-4g.20gb]: 8 GPUs × 1 of each = 8 partitions of each type.
        // chat (4g) × 8 fills every 4g; embed (3g) × 9 → 8 placed, the 9th has no free 3g: 2 instances would do.
        FleetState s = place(Fixtures.spec().endpoint("partition-demo", "ml.p4d.24xlarge", 1, "mig-3g.20gb", "mig-4g.20gb")
                .component("chat", "partition-demo", "mig-4g.20gb", 8)
                .component("embed", "partition-demo", "mig-3g.20gb", 9).build());
        Instance ep = instance(s, "partition-demo-0");
        assertThat(ep.gpus()).hasSize(8).allSatisfy(g -> {
            assertThat(g.mode()).isEqualTo(GpuMode.MIG);
            assertThat(g.allocations()).extracting(a -> a.partition().profile()).containsExactlyInAnyOrder("4g.20gb", "3g.20gb");
        });
        assertThat(where(s).get("chat/0")).containsExactly("partition-demo-0#0@0");
        assertThat(where(s).get("embed/0")).containsExactly("partition-demo-0#0@4");
        assertThat(s.unplaced()).singleElement().satisfies(u -> {
            assertThat(u.task()).isEqualTo(new TaskId("embed", 8));
            assertThat(u.code().name()).isEqualTo("NO_FREE_PARTITION");
            assertThat(u.message()).contains("all 8 3g.20gb partitions", "raise instanceCount of endpoint partition-demo from 1 to 2");
        });
    }

    @Test
    void endpointKeepsItsInstanceCountEvenWhenIdle() {
        FleetState s = place(Fixtures.spec().endpoint("whole", "ml.p5.48xlarge", 3).component("llm", "whole", null, 2).build());
        assertThat(ids(s)).containsExactly("whole-0", "whole-1", "whole-2");
        assertThat(where(s)).containsEntry("llm/0", List.of("whole-0#0")).containsEntry("llm/1", List.of("whole-0#1"));
        assertThat(instance(s, "whole-0").gpus().get(0).mode()).isEqualTo(GpuMode.DEDICATED);
    }

    @Test
    void maxInstancesReachedSuggestsTheNumberThatFits() {
        // 40 × 12,000 MiB: one per GPU → 40 GPUs → 10 instances; maxInstances 8 → 32 placed, 8 unplaced
        FleetState s = place(Fixtures.spec().mps("l4-shared", "g6.12xlarge", 8).service("big", "l4-shared", 40, mpsMiB(12_000)).build());
        assertThat(s.instances()).hasSize(8);
        assertThat(s.unplaced()).hasSize(8).allSatisfy(u -> {
            assertThat(u.code().name()).isEqualTo("MAX_INSTANCES_REACHED");
            assertThat(u.message()).contains("12000 MiB", "maxInstances 8", "at most 10563 MiB free",
                    "raise maxInstances of l4-shared from 8 to 10");
        });
        assertThat(s.unplaced()).extracting(u -> u.task().toString()).containsExactly(
                "big/32", "big/33", "big/34", "big/35", "big/36", "big/37", "big/38", "big/39");
    }

    @Test
    void maxClientsPerGpu() {
        // maxClientsPerGpu 2, one instance of 4 GPUs → 8 clients; 10 tiny copies → 8 placed, 2 refused for clients
        FleetState s = place(Fixtures.spec().provider("l4", "g6.12xlarge", 0, 1, new GpuSharing.Mps(2))
                .service("tiny", "l4", 10, mpsMiB(1_000)).build());
        assertThat(busyGpus(s)).hasSize(4).allSatisfy(g -> assertThat(g.allocations()).hasSize(2));
        assertThat(s.unplaced()).hasSize(2).allSatisfy(u -> {
            assertThat(u.code().name()).isEqualTo("MAX_CLIENTS_REACHED");
            assertThat(u.message()).contains("maxClientsPerGpu 2", "raise maxInstances of l4 from 1 to 2");
        });
        // with room for more instances: 10 copies / 2 per GPU = 5 GPUs → 2 instances
        FleetState roomy = place(Fixtures.spec().provider("l4", "g6.12xlarge", 0, 3, new GpuSharing.Mps(2))
                .service("tiny", "l4", 10, mpsMiB(1_000)).build());
        assertThat(roomy.unplaced()).isEmpty();
        assertThat(roomy.instances()).hasSize(2);
        assertThat(busyGpus(roomy)).hasSize(5).allSatisfy(g -> assertThat(g.allocations().size()).isLessThanOrEqualTo(2));
    }

    @Test
    void hostCpuAndMemoryLimitCopiesPerInstance() {
        // 16,384 CPU units each: 49,152 / 16,384 = 3 per g6.12xlarge although memory would allow 22 → 7 copies, 3 instances
        FleetState cpu = place(Fixtures.spec().mps("l4", "g6.12xlarge", 5)
                .service("cpuheavy", "l4", 7, PlacementStrategy.BINPACK, 16_384, null, mpsMiB(1_000)).build());
        assertThat(cpu.instances()).hasSize(3);
        // 100,000 MiB host memory each: 196,608 / 100,000 = 1 per instance → 3 copies, 3 instances
        FleetState mem = place(Fixtures.spec().mps("l4", "g6.12xlarge", 5)
                .service("memheavy", "l4", 3, PlacementStrategy.BINPACK, null, 100_000, mpsMiB(1_000)).build());
        assertThat(mem.instances()).hasSize(3);
    }

    @Test
    void copiesThatCanNeverFitSayWhatToChange() {
        FleetState s = place(Fixtures.spec().mps("l4", "g6.12xlarge", 5)
                .service("huge", "l4", 1, mpsMiB(30_000))
                .service("wide", "l4", 1, PlacementStrategy.BINPACK, 65_536, null, mpsMiB(1_000))
                .service("many", "l4", 1, whole(8)).build());
        assertThat(s.instances()).isEmpty();
        assertThat(s.unplaced()).extracting((Unplaced c) -> c.task().toString(), (Unplaced c) -> c.code().name()).containsExactly(
                org.assertj.core.groups.Tuple.tuple("huge/0", "INSUFFICIENT_GPU_MEMORY"),
                org.assertj.core.groups.Tuple.tuple("many/0", "INSUFFICIENT_GPUS"),
                org.assertj.core.groups.Tuple.tuple("wide/0", "INSUFFICIENT_HOST_CPU"));
        assertThat(s.unplaced().get(0).message()).contains("30000", "22563");
        assertThat(s.unplaced().get(1).message()).contains("8 whole GPUs", "has 4");
        assertThat(s.unplaced().get(2).message()).contains("65536", "49152");
    }

    @Test
    void minInstancesAreAlwaysPresent() {
        FleetState s = place(Fixtures.spec().provider("l4", "g6.12xlarge", 2, 5, new GpuSharing.Mps(null))
                .service("one", "l4", 1, mpsMiB(1_000)).build());
        assertThat(ids(s)).containsExactly("l4-0", "l4-1");
        assertThat(instance(s, "l4-1").gpus()).allSatisfy(g -> assertThat(g.mode()).isEqualTo(GpuMode.IDLE));
    }

    @Test
    void spreadUsesTheInstancesBinpackNeedsAndNoMore() {
        // big: 12 × 12,000 → 12 GPUs → 3 instances. spread: 3 copies of 1,000 → one per instance
        FleetState s = place(Fixtures.spec().mps("l4", "g6.12xlarge", 10)
                .service("big", "l4", 12, mpsMiB(12_000))
                .service("spread", "l4", 3, PlacementStrategy.SPREAD, null, null, mpsMiB(1_000)).build());
        assertThat(s.instances()).hasSize(3);
        assertThat(where(s).entrySet().stream().filter(e -> e.getKey().startsWith("spread/"))
                .map(e -> e.getValue().get(0).split("#")[0]).distinct()).hasSize(3);
        // alone, SPREAD does not launch instances BINPACK would not: 3 small copies fit one instance
        FleetState alone = place(Fixtures.spec().mps("l4", "g6.12xlarge", 10)
                .service("spread", "l4", 3, PlacementStrategy.SPREAD, null, null, mpsMiB(1_000)).build());
        assertThat(alone.instances()).hasSize(1);
    }

    @Test
    void smallBatchesArePackedOptimallyNotJustFirstFit() {
        // big: 2 × (20,000 MiB, 8,192 CPU units); small: 4 × (1,000 MiB, 20,000 units); 49,152 units per instance.
        // First-fit decreasing: big, big, small on instance 0 (36,384 units), small, small on 1, the last
        // small fits neither (12,768 and 9,152 left) → 3 instances. Optimum: big + 2 small per instance
        // (8,192 + 40,000 = 48,192) → 2 instances (Σ CPU 96,384 > 49,152 so 1 is impossible).
        FleetState s = place(Fixtures.spec().mps("l4", "g6.12xlarge", 5)
                .service("big", "l4", 2, PlacementStrategy.BINPACK, 8_192, null, mpsMiB(20_000))
                .service("small", "l4", 4, PlacementStrategy.BINPACK, 20_000, null, mpsMiB(1_000)).build());
        assertThat(s.unplaced()).isEmpty();
        assertThat(s.instances()).hasSize(2);
    }
}
