package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.placement.ChangeSet;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The change-set path gives the full path's plan byte for byte (JSON and text), for each kind of
 * change from a converged fleet, and takes the full path whenever the state may not be the
 * converged result of the baseline's spec.
 */
class ChangeSetPathTest {

    /**
     * Four pools: MPS (8 services of 6 copies, 2–8 GiB, two with 4 vCPU), EXCLUSIVE (2 × 3 whole
     * GPUs), a SPREAD service, a MIG endpoint of 2 × p4d with 3g and 4g components.
     */
    static FleetSpec fleet() {
        FleetSpec f = new FleetSpec()
                .provider("mps", "g6.12xlarge", 0, 50, new GpuSharing.Mps(null))
                .provider("ex", "g5.12xlarge", 0, 20, new GpuSharing.Exclusive())
                .provider("sp", "g6.12xlarge", 0, 20, new GpuSharing.Mps(null))
                .endpoint("ep", "ml.p4d.24xlarge", 2, "mig-3g.20gb", "mig-4g.20gb");
        for (int k = 0; k < 8; k++) {
            f.service("m" + k, "mps", 6, PlacementStrategy.BINPACK, k % 4 == 1 ? 4096 : null,
                    new GpuRequirement.NvidiaMps(2048 * (k % 4 + 1), null));
        }
        f.service("w0", "ex", 3, PlacementStrategy.BINPACK, null, new GpuRequirement.Whole(1));
        f.service("w1", "ex", 3, PlacementStrategy.BINPACK, null, new GpuRequirement.Whole(2));
        f.service("s0", "sp", 4, PlacementStrategy.SPREAD, null, new GpuRequirement.NvidiaMps(4096, null));
        f.component("ic3", "ep", "mig-3g.20gb", 5);
        f.component("ic4", "ep", "mig-4g.20gb", 3);
        return f;
    }

    static Stream<Arguments> changes() {
        return Stream.of(
                change("one service +3 copies", f -> f.count("m3", 9), true),
                change("one service -2 copies", f -> f.count("m3", 4), true),
                change("one service's MPS memory", f -> f.gpu("m2", new GpuRequirement.NvidiaMps(5000, 50)), true),
                change("one service's host CPU", f -> f.cpu("m4", 8192), true),
                change("a service added", f -> f.mps("m9", "mps", 7, 3000), true),
                change("a service removed", f -> f.remove("m5"), true),
                change("the pool's maxInstances", f -> f.maxInstances("mps", 40), true),
                change("a component +1 copy", f -> f.copies("ic3", 6), true),
                change("the endpoint's layout reordered", f -> {
                    f.endpoint("ep", "ml.p4d.24xlarge", 2, "mig-4g.20gb", "mig-3g.20gb");
                    return f;
                }, true),
                change("two pools at once", f -> f.count("w0", 4).count("m1", 7), true),
                change("a SPREAD service (its pool takes the full path)", f -> f.count("s0", 6), true),
                change("more copies than the pool can take (unplaced)", f -> f.count("m0", 2000).maxInstances("mps", 3), true),
                change("nothing", f -> f, true));
    }

    private static Arguments change(String name, UnaryOperator<FleetSpec> edit, boolean changeSetPath) {
        return Arguments.of(name, edit, changeSetPath);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("changes")
    void changeSetPlanIsTheFullPlan(String name, UnaryOperator<FleetSpec> edit, boolean changeSetPath) {
        Converged cluster = new Converged("change-set");
        FleetSpec before = fleet();
        cluster.step(before.build());
        Replan r = cluster.bothPaths(edit.apply(before.copy()).build()); // asserts byte-identical JSON and text
        assertThat(r.changeSetPath()).isEqualTo(changeSetPath);
        cluster.apply(r);
        // and from the state it leads to, with the baseline it leaves: nothing left, both ways
        Replan again = cluster.bothPaths(edit.apply(before.copy()).build());
        assertThat(again.changeSetPath()).isTrue();
        if (!again.plan().infeasible()) assertThat(again.plan().actions()).isEmpty();
    }

    @Test
    void aChainOfChangesKeepsTheBaselineUpToDate() {
        Converged cluster = new Converged("change-set");
        FleetSpec f = fleet();
        cluster.step(f.build());
        List<UnaryOperator<FleetSpec>> steps = List.of(
                s -> s.count("m3", 9), s -> s.count("m0", 2), s -> s.mps("m9", "mps", 12, 7000), s -> s.remove("m1"),
                s -> s.gpu("m9", new GpuRequirement.NvidiaMps(1024, null)), s -> s.count("w1", 1), s -> s.copies("ic4", 8),
                s -> s.count("m3", 30), s -> s.count("m3", 1));
        for (UnaryOperator<FleetSpec> step : steps) {
            f = step.apply(f);
            Replan r = cluster.step(f.build());
            assertThat(r.changeSetPath()).isTrue();
        }
    }

    @Test
    void anUnhealthyInstanceMovesTheRevisionSoTheFullPathRuns() {
        Converged cluster = new Converged("change-set");
        FleetSpec f = fleet();
        cluster.step(f.build());
        cluster.markUnhealthy(cluster.snapshot.state().instances().stream()
                .filter(i -> i.owner().equals(new Owner.CapacityProvider("mps"))).findFirst().orElseThrow().id());
        Replan r = cluster.step(f.count("m3", 8).build());
        assertThat(r.changeSetPath()).isFalse();
        assertThat(r.plan().actions()).anyMatch(a -> a instanceof Action.TerminateInstance);
    }

    @Test
    void anUnhealthyInstanceAtTheBaselineRevisionSendsItsPoolToTheFullPath() {
        // not what a backend does (a health mark is a write), but the path must not trust health
        Converged cluster = new Converged("change-set");
        FleetSpec f = fleet();
        cluster.step(f.build());
        List<Instance> marked = new ArrayList<>();
        for (Instance i : cluster.snapshot.state().instances()) {
            boolean sick = i.owner().equals(new Owner.CapacityProvider("mps")) && marked.stream().noneMatch(x -> !x.healthy());
            marked.add(sick ? new Instance(i.id(), i.owner(), i.instanceType(), false, "xid-79", i.gpus()) : i);
        }
        cluster.snapshot = new Snapshot(new FleetState("change-set", marked, List.of()), cluster.snapshot.revision(),
                cluster.snapshot.declaredLayouts());
        Replan r = cluster.bothPaths(f.copy().count("m3", 8).build());
        assertThat(r.plan().actions()).anyMatch(a -> a instanceof Action.MoveCopy m && m.reason().contains("unhealthy"));
    }

    @Test
    void aBaselineOfAnotherRevisionIsNotUsed() {
        Converged cluster = new Converged("change-set");
        FleetSpec f = fleet();
        cluster.step(f.build());
        Snapshot moved = new Snapshot(cluster.snapshot.state(), cluster.snapshot.revision() + 1, cluster.snapshot.declaredLayouts());
        Replan r = Planner.replan(ResolvedSpec.of(f.copy().count("m3", 8).build()), moved, cluster.baseline);
        assertThat(r.changeSetPath()).isFalse();
    }

    /**
     * The comparison can fail: a change set that leaves out the service whose memory changed
     * keeps its copies as they were, and the plan differs from the full one. (A wrong count is
     * caught by the path itself: the recorded copies no longer match the service.)
     */
    @Test
    void aWrongChangeSetGivesAnotherPlan() {
        Converged cluster = new Converged("change-set");
        FleetSpec f = fleet();
        cluster.step(f.build());
        ResolvedSpec after = ResolvedSpec.of(f.copy().gpu("m2", new GpuRequirement.NvidiaMps(5000, 50)).build());
        Plan full = Planner.plan(after, cluster.snapshot);
        Replan wrong = Planner.replan(after, cluster.snapshot, cluster.baseline, new ChangeSet(false, Set.of(), Set.of()));
        assertThat(full.actions()).filteredOn(a -> a instanceof Action.MoveCopy).hasSize(6); // m2/0 … m2/5
        assertThat(wrong.plan().actions()).isEmpty();
        assertThat(PlanJson.toJson(wrong.plan())).isNotEqualTo(PlanJson.toJson(full));
        Replan right = Planner.replan(after, cluster.snapshot, cluster.baseline,
                ChangeSet.between(cluster.baseline.spec(), after.spec()));
        Converged.assertSame(full, right.plan());

        ResolvedSpec more = ResolvedSpec.of(f.copy().count("m3", 9).build());
        Replan caught = Planner.replan(more, cluster.snapshot, cluster.baseline, new ChangeSet(false, Set.of(), Set.of()));
        Converged.assertSame(Planner.plan(more, cluster.snapshot), caught.plan());
    }

    @Test
    void theChangeSetNamesWhatChanged() {
        FleetSpec f = fleet();
        ChangeSet c = ChangeSet.between(f.build(), f.copy().count("m3", 9).cpu("m4", 1024).copies("ic3", 1)
                .maxInstances("ex", 3).remove("m5").mps("m9", "mps", 1, 1024).build());
        assertThat(c.everything()).isFalse();
        assertThat(c.groups()).containsExactlyInAnyOrder("m3", "m4", "ic3", "m5", "m9");
        assertThat(c.pools()).containsExactly(new Owner.CapacityProvider("ex"));
        assertThat(ChangeSet.between(f.build(), f.build())).isEqualTo(new ChangeSet(false, Set.of(), Set.of()));
    }
}
