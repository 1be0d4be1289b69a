package dev.gpushare.engine.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.engine.state.Unplaced;
import dev.gpushare.engine.state.UnplacedReason;
import dev.gpushare.engine.state.UnplacedReason.Capacity;
import dev.gpushare.engine.state.UnplacedReason.Demand;
import org.junit.jupiter.api.Test;

/**
 * An unplaced copy carries the solver's typed reason with its numbers; the message is rendered
 * from it. One g6.12xlarge (maxInstances 1): 4 × L4, 22,563 MiB usable.
 */
class UnplacedReasonTest {
    private static final Capacity L4 = new Capacity(new Owner.CapacityProvider("l4"), "g6.12xlarge", "L4", 22_563, 4, 1);

    private static FleetState place(int memory, int copies, String sharing) {
        return Specs.place(Specs.yaml("apiVersion: gpushare.dev/v1\ncluster: r\ncapacityProviders:\n"
                + "  - {name: l4, instanceType: g6.12xlarge, maxInstances: 1, gpuSharing: {strategy: MPS" + sharing + "}}\n"
                + "taskDefinitions:\n  - family: t\n    containers:\n"
                + "      - {name: model, image: x:1, gpu: {nvidiaMps: {memory: " + memory + "}}}\n"
                + "services:\n  - {name: s, taskDefinition: t, capacityProvider: l4, desiredCount: " + copies + "}\n"));
    }

    @Test
    void theInstancesAreFull() {
        // 5 × 20,000: one per GPU, 2,563 left on each; the fifth waits for a second instance
        Unplaced u = place(20_000, 5, "").unplaced().getFirst();
        assertThat(u.reason()).isEqualTo(new UnplacedReason.InstancesFull(L4,
                new Demand(new Demand.Gpus.MpsMemory(20_000), 0, 0), 1, 2_563L, 2));
        assertThat(u.message()).isEqualTo(u.reason().message()).contains("at most 2563 MiB free", "from 1 to 2");
    }

    @Test
    void theClientsAreFull() {
        // 1 client per GPU: 4 copies take the 4 GPUs, the fifth finds 21,563 MiB free but no client slot
        Unplaced u = place(1_000, 5, ", maxClientsPerGpu: 1").unplaced().getFirst();
        assertThat(u.reason()).isEqualTo(new UnplacedReason.ClientsFull(L4,
                new Demand(new Demand.Gpus.MpsMemory(1_000), 0, 0), 1, 1_000, 1, 2));
    }

    @Test
    void evenAnEmptyInstanceRefuses() {
        // 30,000 > 22,563 on one GPU
        Unplaced u = place(30_000, 1, "").unplaced().getFirst();
        assertThat(u.reason()).isEqualTo(new UnplacedReason.GpuMemory(L4, 30_000));
    }

    @Test
    void readBackItIsTheTextAndSaysTheSame() {
        FleetState placed = place(20_000, 5, "");
        FleetState read = StateJson.fromJson(StateJson.toJson(placed));
        Unplaced u = read.unplaced().getFirst();
        assertThat(u.reason()).isInstanceOf(UnplacedReason.Text.class);
        assertThat(u).isEqualTo(placed.unplaced().getFirst()).hasSameHashCodeAs(placed.unplaced().getFirst());
        assertThat(StateJson.toJson(read)).isEqualTo(StateJson.toJson(placed));
    }
}
