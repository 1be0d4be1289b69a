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

    /**
     * The refusals a run recorded are in the message, as Nomad's AllocMetric shows them: one
     * g6.12xlarge (49,152 CPU units) takes two copies of 20,480 units (40,960); the third finds
     * 8,192 units free — refused by the host, so no GPU memory figure is given.
     */
    @Test
    void theHostRefusalsAreCounted() {
        FleetState placed = Specs.place(Specs.yaml("apiVersion: gpushare.dev/v1\ncluster: r\ncapacityProviders:\n"
                + "  - {name: l4, instanceType: g6.12xlarge, maxInstances: 1, gpuSharing: {strategy: MPS}}\n"
                + "taskDefinitions:\n  - family: t\n    cpu: 20480\n    containers:\n"
                + "      - {name: model, image: x:1, gpu: {nvidiaMps: {memory: 1000}}}\n"
                + "services:\n  - {name: s, taskDefinition: t, capacityProvider: l4, desiredCount: 3}\n"));
        Unplaced u = placed.unplaced().getFirst();
        assertThat(u.reason()).isEqualTo(new UnplacedReason.InstancesFull(L4, new Demand(new Demand.Gpus.MpsMemory(1_000), 20_480, 0),
                1, null, 2, new UnplacedReason.Refused(1, 8_192, 0, 0, 0, 0)));
        assertThat(u.message()).contains("of them 1 lacked host CPU (needs 20480 units, most free 8192)")
                .doesNotContain("MiB free on a GPU");
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
