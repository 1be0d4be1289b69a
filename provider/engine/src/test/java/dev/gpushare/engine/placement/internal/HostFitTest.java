package dev.gpushare.engine.placement.internal;

import static dev.gpushare.engine.placement.internal.FitRows.copy;
import static dev.gpushare.engine.placement.internal.FitRows.host;
import static dev.gpushare.engine.placement.internal.FitRows.node;
import static dev.gpushare.engine.placement.internal.FitRows.pool;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.gpushare.model.GpuSharing;
import org.junit.jupiter.api.Test;

/**
 * {@link HostFit}: the task's CPU units and host memory against what the instance has left; an
 * unhealthy instance (kept until replaced) takes nothing new. Pool: g6.12xlarge, 48 vCPU = 49,152
 * CPU units, 196,608 MiB.
 */
class HostFitTest {
    private static final Pool L4 = pool("g6.12xlarge", new GpuSharing.Mps(null));

    /** {@code check} is what placement asks, {@code resources} what keeping a copy on an unhealthy instance asks. */
    record Row(String why, Node node, CopyRequest copy, Refusal check, Refusal resources) {}

    private static CopyRequest task(long cpuUnits, long memoryMiB) {
        return copy(Form.MPS, cpuUnits, memoryMiB, new Need.Mps(1_000, null));
    }

    private static Node unhealthy() {
        return new Node(0, 0, L4, true, "mps-daemon-unresponsive");
    }

    @Test
    void check() {
        List<Row> rows = List.of(
                new Row("empty instance", node(L4), task(4_096, 16_384), null, null),
                // 49,152 − 47,104 = 2,048 units left < 4,096
                new Row("CPU short", host(node(L4), 47_104, 0), task(4_096, 16_384),
                        new Refusal.HostCpu(4_096, 2_048), new Refusal.HostCpu(4_096, 2_048)),
                // 196,608 − 188,416 = 8,192 MiB left < 16,384
                new Row("memory short", host(node(L4), 0, 188_416), task(4_096, 16_384),
                        new Refusal.HostMemory(16_384, 8_192), new Refusal.HostMemory(16_384, 8_192)),
                // both short: CPU is checked first
                new Row("both short", host(node(L4), 47_104, 188_416), task(4_096, 16_384),
                        new Refusal.HostCpu(4_096, 2_048), new Refusal.HostCpu(4_096, 2_048)),
                // 49,152 − 45,056 = 4,096 units left = 4,096 asked; 196,608 − 180,224 = 16,384 = 16,384
                new Row("exactly what is left", host(node(L4), 45_056, 180_224), task(4_096, 16_384), null, null),
                // a task without cpu or memory asks 0 of each: fits even a full instance
                new Row("nothing asked", host(node(L4), 49_152, 196_608), task(0, 0), null, null),
                // 65,536 units > the 49,152 of an empty instance
                new Row("more than an instance has", node(L4), task(65_536, 0),
                        new Refusal.HostCpu(65_536, 49_152), new Refusal.HostCpu(65_536, 49_152)),
                // unhealthy with room: closed to new work, but what it runs still fits its resources
                new Row("unhealthy", unhealthy(), task(4_096, 16_384), new Refusal.Closed(), null));
        for (Row r : rows) {
            assertThat(HostFit.check(r.copy(), r.node())).as("check: " + r.why()).isEqualTo(r.check());
            assertThat(HostFit.resources(r.copy(), r.node())).as("resources: " + r.why()).isEqualTo(r.resources());
        }
    }
}
