package dev.gpushare.server.internal;

import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.Instance;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The per-cluster GPU memory gauges: the figures of docs/cost.md, and no series for a destroyed cluster. */
class MetricsMemoryTest {
    private static Gpu mps(int index, long... mib) {
        List<Allocation> a = new java.util.ArrayList<>();
        for (int i = 0; i < mib.length; i++) a.add(new Allocation(TaskId.parse("s" + mib[i] + "/" + index + i), "m", mib[i], null, null, Map.of()));
        return new Gpu(index, "L4", 22563, mib.length == 0 ? GpuMode.IDLE : GpuMode.MPS, null, List.of(), a);
    }

    /**
     * The hand-worked fleet of StrandedMemoryTest: copies of 10,240 and 6,144 MiB on one g6.12xlarge;
     * allocated 20,480 + 18,432 + 10,240 = 49,152; free fragments 2,083 and 4,131 are below the
     * smallest copy (6,144): stranded 6,214.
     */
    @Test
    void allocatedAndStrandedPerClusterUntilTheClusterIsForgotten() {
        Metrics metrics = new Metrics();
        metrics.observed(new FleetState("team-a", List.of(new Instance(InstanceId.parse("l4-0"), new Owner.CapacityProvider("l4"), "g6.12xlarge", true, null, List.of(
                mps(0, 10240, 10240), mps(1, 6144, 6144, 6144), mps(2, 10240), mps(3)))), List.of()));
        metrics.observed(FleetState.empty("team-b"));

        assertThat(metrics.render())
                .contains("gpushare_gpu_memory_allocated_mib{cluster=\"team-a\"} 49152")
                .contains("gpushare_gpu_memory_stranded_mib{cluster=\"team-a\"} 6214")
                .contains("gpushare_gpu_memory_stranded_mib{cluster=\"team-b\"} 0");

        metrics.forget("team-a");
        assertThat(metrics.render()).doesNotContain("team-a").contains("cluster=\"team-b\"");
    }
}
