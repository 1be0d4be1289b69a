package dev.gpushare.engine.plan;

import static dev.gpushare.engine.plan.Fleet.mps;
import static dev.gpushare.engine.plan.Fleet.mpsInstance;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action.ConfigureGpu;
import dev.gpushare.engine.plan.Action.LaunchInstance;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.PlaceCopy;
import dev.gpushare.engine.plan.Action.ReplaceInstance;
import dev.gpushare.engine.plan.Action.StopCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.plan.internal.Diff;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.MigPartition;
import dev.gpushare.engine.state.Owner;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pure diff on hand-built states: what each kind of change turns into, and in which order. */
class DiffTest {

    @Test
    void equalStatesGiveNoActions() {
        FleetState s = Fleet.state("c", mpsInstance("l4-0", "l4", List.of(List.of(mps("e/0", 0, 4096, 25)))));
        assertThat(Diff.between(new Snapshot(s, 3, Map.of()), s, Map.of())).isEmpty();
    }

    @Test
    void safeOrderLaunchStopConfigureMovePlaceConfigureTerminate() {
        // current: l4-0 gpu0 {e/0, e/1}, gpu1 {e/2}; l4-1 gpu0 {e/3} (unhealthy)
        var l40 = mpsInstance("l4-0", "l4", List.of(List.of(mps("e/0", 0, 4096, 25), mps("e/1", 0, 4096, 25)),
                List.of(mps("e/2", 1, 4096, 25))));
        var l41 = mpsInstance("l4-1", "l4", List.of(List.of(mps("e/3", 0, 4096, 25))));
        l41 = new dev.gpushare.engine.state.Instance(l41.id(), new Owner.CapacityProvider("l4"), l41.instanceType(), false, "mps-daemon-unresponsive", l41.gpus());
        FleetState current = Fleet.state("c", l40, l41);
        // desired: e/1 stopped; e/2 moved gpu1 → gpu2 (gpu1 goes IDLE after the move, gpu2 MPS before it);
        // e/3 moved off unhealthy l4-1 to new l4-2 gpu0; e/4 new on l4-0 gpu 3; l4-1 terminated
        var d40 = mpsInstance("l4-0", "l4", List.of(List.of(mps("e/0", 0, 4096, 25)), List.of(),
                List.of(mps("e/2", 2, 4096, 25)), List.of(mps("e/4", 3, 4096, 25))));
        var d42 = mpsInstance("l4-2", "l4", List.of(List.of(mps("e/3", 0, 4096, 25))));
        FleetState desired = Fleet.state("c", d40, d42);

        List<Action> actions = Diff.between(new Snapshot(current, 7, Map.of()), desired, Map.of());
        assertThat(actions).extracting(PlanText::line).containsExactly(
                "  + launch   l4-2 (g6.12xlarge, 4 × L4 MPS, capacity provider l4)",
                "  - stop     e/1 on l4-0 gpu 0",
                "  ~ configure l4-0 gpu 2: IDLE → MPS",
                "  ~ configure l4-0 gpu 3: IDLE → MPS",
                "  ~ move     e/2 from l4-0 gpu 1 to l4-0 gpu 2 (4096 MiB, 25% compute) — rebalanced (new copy starts before the old stops)",
                "  ~ move     e/3 from l4-1 gpu 0 to l4-2 gpu 0 (4096 MiB, 25% compute) — instance l4-1 is unhealthy (new copy starts before the old stops)",
                "  + place    e/4 on l4-0 gpu 3 (4096 MiB, 25% compute)",
                "  ~ configure l4-0 gpu 1: MPS → IDLE",
                "  - terminate l4-1 — unhealthy: mps-daemon-unresponsive");
        assertThat(actions.get(0)).isInstanceOf(LaunchInstance.class);
        assertThat(actions.get(1)).isInstanceOf(StopCopy.class);
        assertThat(actions.get(4)).isInstanceOf(MoveCopy.class);
        assertThat(actions.get(6)).isInstanceOf(PlaceCopy.class);
        assertThat(actions.get(7)).isInstanceOf(ConfigureGpu.class);
        assertThat(actions.get(8)).isInstanceOf(TerminateInstance.class);
        // the actions lead exactly to the desired state
        assertThat(StateFold.apply(current, actions).instances()).isEqualTo(StateFold.normalize(desired).instances());
    }

    @Test
    void reorderedEndpointLayoutForcesReplacementEvenWithEqualPartitions() {
        List<MigPartition> parts = List.of(new MigPartition("4g.20gb", 0, 20096), new MigPartition("3g.20gb", 4, 20096));
        var ep = Fleet.migInstance("ep-0", "ep", parts, List.of(Fleet.onPartition("ic/0", "4g.20gb", 0)));
        FleetState s = Fleet.state("c", ep);
        Snapshot actual = new Snapshot(s, 2, Map.of(InstanceId.parse("ep-0"), List.of("3g.20gb", "4g.20gb")));

        List<Action> same = Diff.between(actual, s, Map.of(InstanceId.parse("ep-0"), List.of("3g.20gb", "4g.20gb")));
        assertThat(same).isEmpty();

        List<Action> reordered = Diff.between(actual, s, Map.of(InstanceId.parse("ep-0"), List.of("4g.20gb", "3g.20gb")));
        assertThat(reordered).hasSize(2);
        assertThat(reordered.get(0)).isInstanceOf(ReplaceInstance.class);
        assertThat(PlanText.line(reordered.get(0))).startsWith("-/+ replace  ep-0")
                .endsWith("partition layout [3g.20gb, 4g.20gb] → [4g.20gb, 3g.20gb] forces replacement");
        // the copy on it is placed again on the new instance
        assertThat(reordered.get(1)).isInstanceOf(PlaceCopy.class);
    }

    @Test
    void changedPartitionTypeReplacesTheCopy() {
        List<MigPartition> parts = List.of(new MigPartition("4g.20gb", 0, 20096), new MigPartition("3g.20gb", 4, 20096));
        FleetState current = Fleet.state("c", Fleet.migInstance("ep-0", "ep", parts, List.of(Fleet.onPartition("ic/0", "4g.20gb", 0))));
        FleetState desired = Fleet.state("c", Fleet.migInstance("ep-0", "ep", parts, List.of(Fleet.onPartition("ic/0", "3g.20gb", 4))));
        Map<InstanceId, List<String>> layout = Map.of(InstanceId.parse("ep-0"), List.of("3g.20gb", "4g.20gb"));
        List<Action> actions = Diff.between(new Snapshot(current, 1, layout), desired, layout);
        assertThat(actions).singleElement().isInstanceOfSatisfying(MoveCopy.class, m -> {
            assertThat(m.replacement()).isTrue();
            assertThat(m.reason()).isEqualTo("partition type 4g.20gb → 3g.20gb forces replacement");
        });
        assertThat(PlanText.line(actions.getFirst())).startsWith("-/+ replace  ic/0 from ep-0 gpu 0 4g.20gb@0 to ep-0 gpu 0 3g.20gb@4");
    }
}
