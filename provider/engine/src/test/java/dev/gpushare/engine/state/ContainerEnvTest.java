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
