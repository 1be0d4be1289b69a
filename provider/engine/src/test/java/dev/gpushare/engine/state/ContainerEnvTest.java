package dev.gpushare.engine.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.plan.Specs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What containers are told: a MIG copy is never handed its parent GPU. */
class ContainerEnvTest {
    @Test
    void eachFormGetsTheVariablesItNeeds() {
        // MPS on GPU 2: the GPU, its memory cap (the container sees it as device 0) and the thread limit
        assertThat(ContainerEnv.of(List.of(2), 2, 4096L, 25, null)).isEqualTo(Map.of(
                "NVIDIA_VISIBLE_DEVICES", "2", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=4096M",
                "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "25"));
        // a container of three whole GPUs: all three, in pick order
        assertThat(ContainerEnv.of(List.of(0, 1, 3), 1, null, null, null)).isEqualTo(Map.of("NVIDIA_VISIBLE_DEVICES", "0,1,3"));
        // MIG instance 3g.40gb at unit 4 of GPU 5: its identity, and no NVIDIA_VISIBLE_DEVICES=5 (the whole GPU)
        assertThat(ContainerEnv.of(List.of(5), 5, null, null, new Allocation.PartitionRef("3g.40gb", 4))).isEqualTo(Map.of(
                "GPUSHARE_MIG_PARENT_GPU", "5", "GPUSHARE_MIG_PROFILE", "3g.40gb", "GPUSHARE_MIG_START", "4"));
    }

    /**
     * An allocation's environment is the derived one ({@link Allocation#gpus} names the GPUs it sees)
     * only when its text is exactly what {@link ContainerEnv#of} writes for the allocation's typed
     * fields; anything else (an edit by hand) is kept as it is, with no GPUs, and matches no copy.
     */
    @Test
    void anAllocationKnowsWhetherItsEnvironmentIsTheDerivedOne() {
        var mig = new Allocation.PartitionRef("3g.40gb", 4);
        record Row(String why, Long memoryMiB, Integer percent, Allocation.PartitionRef partition,
                   Map<String, String> env, List<Integer> gpus) {}
        List<Row> rows = List.of(
                new Row("MPS 4,096 MiB on GPU 2, limit 25 %", 4096L, 25, null, Map.of("NVIDIA_VISIBLE_DEVICES", "2",
                        "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=4096M", "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "25"), List.of(2)),
                new Row("the cap says 2,048 MiB, the field 4,096", 4096L, null, null, Map.of("NVIDIA_VISIBLE_DEVICES", "2",
                        "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=2048M"), null),
                new Row("4,096 with a leading zero: not as gpushare writes it", 4096L, null, null, Map.of(
                        "NVIDIA_VISIBLE_DEVICES", "2", "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=04096M"), null),
                new Row("the limit of 25 % is missing", 4096L, 25, null, Map.of("NVIDIA_VISIBLE_DEVICES", "2",
                        "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=4096M"), null),
                new Row("a variable gpushare never sets", null, null, null, Map.of("NVIDIA_VISIBLE_DEVICES", "1",
                        "LD_PRELOAD", "/x.so"), null),
                new Row("three whole GPUs, in pick order", null, null, null, Map.of("NVIDIA_VISIBLE_DEVICES", "0,1,3"),
                        List.of(0, 1, 3)),
                new Row("GPUs out of order are read as written (the solver compares them with its picks)", null, null,
                        null, Map.of("NVIDIA_VISIBLE_DEVICES", "3,1"), List.of(3, 1)),
                new Row("not a GPU index", null, null, null, Map.of("NVIDIA_VISIBLE_DEVICES", "all"), null),
                new Row("an MPS cap on a whole-GPU allocation", null, null, null, Map.of("NVIDIA_VISIBLE_DEVICES", "0",
                        "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=4096M"), null),
                new Row("MIG 3g.40gb at unit 4 of GPU 5", null, null, mig, Map.of("GPUSHARE_MIG_PARENT_GPU", "5",
                        "GPUSHARE_MIG_PROFILE", "3g.40gb", "GPUSHARE_MIG_START", "4"), List.of(5)),
                new Row("MIG text names start 0, the field 4", null, null, mig, Map.of("GPUSHARE_MIG_PARENT_GPU", "5",
                        "GPUSHARE_MIG_PROFILE", "3g.40gb", "GPUSHARE_MIG_START", "0"), null),
                new Row("MIG handed the whole parent GPU too", null, null, mig, Map.of("GPUSHARE_MIG_PARENT_GPU", "5",
                        "GPUSHARE_MIG_PROFILE", "3g.40gb", "GPUSHARE_MIG_START", "4", "NVIDIA_VISIBLE_DEVICES", "5"), null));
        for (Row r : rows) {
            Allocation a = new Allocation(TaskId.parse("s/0"), "c", r.memoryMiB(), r.percent(), r.partition(), r.env());
            assertThat(a.gpus()).as(r.why()).isEqualTo(r.gpus());
            assertThat(a.env()).as(r.why()).isEqualTo(r.env());
            assertThat(a.env().toString()).as("ordered by key: " + r.why()).isEqualTo(new java.util.TreeMap<>(r.env()).toString());
        }
    }

    @Test
    void placedMigCopiesNameTheirPartitionAndNotTheParentGpu() {
        var spec = Specs.file(Path.of("../../examples/sagemaker-mig/spec.yaml"));
        var checked = (dev.gpushare.engine.Checked.Valid) Pipeline.check(spec);
        FleetState state = Pipeline.place(checked.spec());
        int mig = 0;
        for (Instance i : state.instances()) {
            for (Gpu g : i.gpus()) {
                for (Allocation a : g.allocations()) {
                    if (a.partition() == null) continue;
                    mig++;
                    assertThat(a.env()).doesNotContainKey("NVIDIA_VISIBLE_DEVICES").containsExactlyInAnyOrderEntriesOf(Map.of(
                            "GPUSHARE_MIG_PARENT_GPU", Integer.toString(g.index()),
                            "GPUSHARE_MIG_PROFILE", a.partition().profile(),
                            "GPUSHARE_MIG_START", Integer.toString(a.partition().start())));
                    assertThat(g.partitions()).anyMatch(p -> p.profile().equals(a.partition().profile())
                            && p.start() == a.partition().start());
                }
            }
        }
        assertThat(mig).as("MIG copies in the example").isPositive();
    }
}
