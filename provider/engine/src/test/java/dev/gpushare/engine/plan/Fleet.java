package dev.gpushare.engine.plan;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.TaskId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Hand-built states for tests that do not need the placement engine. */
public final class Fleet {
    private Fleet() {}

    /** An L4 MPS instance of a g6.12xlarge-like provider with 4 GPUs (22,563 MiB usable each). */
    public static Instance mpsInstance(String id, String provider, List<List<Allocation>> perGpu) {
        List<Gpu> gpus = new ArrayList<>();
        for (int g = 0; g < 4; g++) {
            List<Allocation> as = g < perGpu.size() ? perGpu.get(g) : List.of();
            gpus.add(new Gpu(g, "L4", 22563, as.isEmpty() ? GpuMode.IDLE : GpuMode.MPS, null, List.of(), as));
        }
        return new Instance(InstanceId.parse(id), new Owner.CapacityProvider(provider), "g6.12xlarge", true, null, gpus);
    }

    public static Allocation mps(String task, int gpu, long memoryMiB, Integer percent) {
        Map<String, String> env = new java.util.TreeMap<>();
        env.put("NVIDIA_VISIBLE_DEVICES", String.valueOf(gpu));
        env.put("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=" + memoryMiB + "M");
        if (percent != null) env.put("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", String.valueOf(percent));
        return new Allocation(TaskId.parse(task), "model", memoryMiB, percent, null, env);
    }

    /** An endpoint instance with one A100-40GB-like MIG GPU carrying {@code partitions}. */
    public static Instance migInstance(String id, String endpoint, List<MigPartition> partitions, List<Allocation> allocations) {
        Gpu g = new Gpu(0, "A100-40GB", 40326, GpuMode.MIG, null, partitions, allocations);
        return new Instance(InstanceId.parse(id), new Owner.Endpoint(endpoint), "ml.p4d.24xlarge", true, null, List.of(g));
    }

    public static Allocation onPartition(String task, String profile, int start) {
        Allocation.PartitionRef ref = new Allocation.PartitionRef(profile, start);
        return new Allocation(TaskId.parse(task), "model", null, null, ref, dev.gpushare.engine.state.ContainerEnv.of(List.of(0), 0, null, null, ref));
    }

    /**
     * An ml.p4d.24xlarge endpoint instance as the catalog has it (8 × A100-40GB, 40,122 MiB usable
     * each): GPU 0 carries {@code partitions} and {@code allocations}, the others are idle.
     */
    public static Instance p4d(String id, String endpoint, List<MigPartition> partitions, List<Allocation> allocations) {
        List<Gpu> gpus = new ArrayList<>();
        gpus.add(new Gpu(0, "A100-40GB", 40122, GpuMode.MIG, null, partitions, allocations));
        for (int g = 1; g < 8; g++) gpus.add(new Gpu(g, "A100-40GB", 40122, GpuMode.IDLE, null, List.of(), List.of()));
        return new Instance(InstanceId.parse(id), new Owner.Endpoint(endpoint), "ml.p4d.24xlarge", true, null, gpus);
    }

    public static FleetState state(String cluster, Instance... instances) {
        return new FleetState(cluster, List.of(instances), List.of());
    }
}
