package dev.gpushare.engine.render;

import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.Unplaced;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Fleet states built by hand, shaped like what the placer produces for the examples (L4 usable
 * memory 22563 MiB; A100-40GB MIG instances 3g.20gb/4g.20gb of 19968 MiB; a g6f.2xlarge slice of
 * 5722 MiB).
 */
final class FleetStates {
    static final long L4 = 22563;
    static final long A100_40 = 40122;

    private FleetStates() {}

    static Allocation mps(String task, long mib, Integer percent) {
        return new Allocation(TaskId.parse(task), "model", mib, percent, null, Map.of("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=" + mib + "M"));
    }

    static Allocation whole(String task) {
        return new Allocation(TaskId.parse(task), "main", null, null, null, Map.of("NVIDIA_VISIBLE_DEVICES", "0"));
    }

    static Allocation onPartition(String task, String profile, int start) {
        return new Allocation(TaskId.parse(task), "model", null, null, new Allocation.PartitionRef(profile, start), Map.of());
    }

    static Gpu gpu(int index, GpuMode mode, Allocation... allocations) {
        return new Gpu(index, "L4", L4, mode, null, List.of(), List.of(allocations));
    }

    static Gpu idle(int index) {
        return gpu(index, GpuMode.IDLE);
    }

    /** A100-40GB cut as ["mig-3g.20gb", "mig-4g.20gb"]: 4g.20gb at unit 0, 3g.20gb at unit 4. */
    static Gpu mig(int index, Allocation... allocations) {
        return new Gpu(index, "A100-40GB", A100_40, GpuMode.MIG, null,
                List.of(new MigPartition("4g.20gb", 0, 19968), new MigPartition("3g.20gb", 4, 19968)), List.of(allocations));
    }

    static Instance provider(String id, String provider, String type, Gpu... gpus) {
        return new Instance(InstanceId.parse(id), new Owner.CapacityProvider(provider), type, true, null, List.of(gpus));
    }

    /** Every mode, an unhealthy instance, a MIG endpoint and unplaced copies. */
    static FleetState mixed() {
        List<Instance> instances = new ArrayList<>();
        instances.add(provider("l4-shared-0", "l4-shared", "g6.12xlarge",
                gpu(0, GpuMode.MPS, mps("embedder/0", 4096, 25), mps("embedder/1", 4096, 25), mps("reranker/0", 2048, null)),
                gpu(1, GpuMode.DEDICATED, whole("trainer/0")),
                idle(2),
                gpu(3, GpuMode.MPS, mps("embedder/2", 4096, 25))));
        instances.add(new Instance(InstanceId.parse("l4-shared-1"), new Owner.CapacityProvider("l4-shared"), "g6.12xlarge", false,
                "MPS control daemon is not responding", List.of(idle(0), idle(1), idle(2), idle(3))));
        instances.add(provider("l4-quarter-0", "l4-quarter", "g6f.2xlarge",
                new Gpu(0, "L4", 5722, GpuMode.FRACTIONAL, new BigDecimal("0.25"), List.of(), List.of(whole("small/0")))));
        List<Gpu> migGpus = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            migGpus.add(i < 2
                    ? mig(i, onPartition("demo-ic-4g/" + i, "4g.20gb", 0), onPartition("demo-ic-3g/" + i, "3g.20gb", 4))
                    : i < 3 ? mig(i, onPartition("demo-ic-3g/" + i, "3g.20gb", 4)) : mig(i));
        }
        instances.add(new Instance(InstanceId.parse("partition-demo-0"), new Owner.Endpoint("partition-demo"), "ml.p4d.24xlarge", true, null, migGpus));
        instances.add(provider("l4-timesliced-0", "l4-timesliced", "g6.xlarge",
                gpu(0, GpuMode.TIME_SLICING, whole("notebook/0"), whole("notebook/1"))));
        return new FleetState("inference-prod", instances, List.of(
                new Unplaced(TaskId.parse("embedder/11"), PlacementCode.MAX_INSTANCES_REACHED, "needs 4096 MiB on one GPU; maxInstances 1 reached — raise maxInstances to 2"),
                new Unplaced(TaskId.parse("trainer/1"), PlacementCode.INSUFFICIENT_GPUS, "needs 4 whole GPUs; 1 free")));
    }

    /**
     * 200 instances in three patterns: 150 with four MPS embedders per GPU, 49 with a dedicated
     * trainer and three idle GPUs, 1 all idle. Copy numbers differ everywhere, as they would.
     */
    static FleetState large() {
        List<Instance> instances = new ArrayList<>();
        int embedder = 0, trainer = 0;
        for (int n = 0; n < 200; n++) {
            String id = "pool-" + n;
            if (n < 150) {
                Gpu[] gpus = new Gpu[4];
                for (int g = 0; g < 4; g++) {
                    Allocation[] a = new Allocation[4];
                    for (int k = 0; k < 4; k++) a[k] = mps("embedder/" + embedder++, 5120, 25);
                    gpus[g] = gpu(g, GpuMode.MPS, a);
                }
                instances.add(provider(id, "pool", "g6.12xlarge", gpus));
            } else if (n < 199) {
                instances.add(provider(id, "pool", "g6.12xlarge",
                        gpu(0, GpuMode.DEDICATED, whole("trainer/" + trainer++)), idle(1), idle(2), idle(3)));
            } else {
                instances.add(provider(id, "pool", "g6.12xlarge", idle(0), idle(1), idle(2), idle(3)));
            }
        }
        return new FleetState("big", instances, List.of());
    }
}
