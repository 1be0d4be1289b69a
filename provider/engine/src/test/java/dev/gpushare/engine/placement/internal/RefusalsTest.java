package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.host;
import static dev.gpushare.engine.placement.internal.FitRows.mps;
import static dev.gpushare.engine.placement.internal.FitRows.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.GpuSharing;
import org.junit.jupiter.api.Test;

/**
 * What a run records for a copy nothing took: per refusal kind the count and the numbers. Pool:
 * 3 g6.12xlarge (its minimum and maximum), MPS with maxClientsPerGpu 3; L4 22,563 MiB usable,
 * 49,152 CPU units per instance.
 */
class RefusalsTest {
    private static final Pool POOL = pool("g6.12xlarge", new GpuSharing.Mps(3), 3, 3);

    /** Instance 0: every GPU 2 clients of 10,000 (2,563 free); 1: every GPU 3 clients of 1,000; 2: CPU short. */
    private static PoolRun run() {
        PoolRun run = new PoolRun(POOL, Seed.EMPTY, 0);
        for (int g = 0; g < 4; g++) {
            mps(run.nodes().get(0), g, 2, 20_000);
            mps(run.nodes().get(1), g, 3, 3_000);
        }
        host(run.nodes().get(2), 47_104, 0); // 2,048 units left
        return run;
    }

    @Test
    void eachInstanceIsCountedUnderItsRefusal() {
        // 4,096 MiB and 4,096 CPU units: instance 0 has 2,563 MiB free at most (memory), instance 1
        // has 19,563 free but 3 + 1 clients > 3 (clients), instance 2 has 2,048 < 4,096 units (host
        // CPU, not asked about GPUs); an empty instance would take it
        Refusals r = Refusals.of(copy(Form.MPS, 4_096, 0, new Need.Mps(4_096, null)), run());
        assertThat(r.fresh).isNull();
        assertThat(r.evaluated).isEqualTo(3);
        assertThat(new int[] {r.gpuMemory, r.clients, r.hostCpu, r.hostMemory, r.closed, r.gpus, r.incompatible})
                .containsExactly(1, 1, 1, 0, 0, 0, 0);
        assertThat(r.mostFreeMiB).isEqualTo(2_563);
        assertThat(r.clientsLimit).isEqualTo(3);
        assertThat(r.mostCpuFree).isEqualTo(2_048);
    }

    @Test
    void anEmptyInstanceRefusesTooLargeACopy() {
        // 30,000 MiB > 22,563 on any L4; the open instances refuse it for memory (0 and 1: 2,563 and
        // 19,563 free at most; 2 is empty of GPU work: 22,563)
        Refusals r = Refusals.of(copy(Form.MPS, new Need.Mps(30_000, null)), run());
        assertThat(r.fresh).isEqualTo(new Refusal.GpuMemory(30_000, 22_563));
        assertThat(r.gpuMemory).isEqualTo(3);
        assertThat(r.mostFreeMiB).isEqualTo(22_563);
    }
}
