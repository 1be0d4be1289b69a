package dev.gpushare.engine.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Action.MoveCopy;
import dev.gpushare.engine.plan.Action.TerminateInstance;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanText;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An unhealthy instance is replaced: its copies and only its copies move, then it terminates. */
class ReplacementTest {
    @TempDir Path dir;

    // 45 copies of 4,096 MiB, 20 per g6.12xlarge (4 L4 × 5) → l4-0: 20, l4-1: 20, l4-2: 5
    private final Spec spec = Specs.mpsService(45, 4096);

    @Test
    void unhealthyInstanceIsReplacedMovingExactlyItsCopies() {
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            gs.apply(gs.plan(spec));
            FleetState before = gs.status(spec.cluster());
            assertThat(before.instances()).hasSize(3);
            Set<String> onL40 = tasksOn(before, "l4-0");
            assertThat(onL40).hasSize(20);

            gs.markUnhealthy(spec.cluster(), "l4-0", "mps-daemon-unresponsive");
            Plan plan = gs.plan(spec);
            String text = PlanText.render(plan);
            Set<String> moved = new TreeSet<>();
            for (Action a : plan.actions()) if (a instanceof MoveCopy m) moved.add(m.task().toString());
            assertThat(moved).as(text).isEqualTo(onL40);
            assertThat(plan.actions()).filteredOn(Action.PlaceCopy.class::isInstance).isEmpty();
            assertThat(plan.actions()).filteredOn(Action.StopCopy.class::isInstance).isEmpty();
            assertThat(plan.actions().getLast()).isEqualTo(new TerminateInstance(InstanceId.parse("l4-0"), "unhealthy: mps-daemon-unresponsive"));
            assertThat(text).contains("instance l4-0 is unhealthy (new copy starts before the old stops)");

            assertThat(gs.apply(plan)).isInstanceOf(ApplyOutcome.Applied.class);
            FleetState after = gs.status(spec.cluster());
            assertThat(after.instances()).extracting(i -> i.id().toString()).doesNotContain("l4-0");
            assertThat(after.instances()).allMatch(Instance::healthy);
            assertThat(after.summary().allocations()).isEqualTo(45);
            // copies that were elsewhere did not move
            assertThat(tasksOn(after, "l4-1")).containsAll(tasksOn(before, "l4-1"));
            assertThat(gs.plan(spec).actions()).isEmpty();
        }
    }

    @Test
    void atMostOneOfFewerThanNineInstancesIsReplacedPerPlan() {
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            gs.apply(gs.plan(spec));
            gs.markUnhealthy(spec.cluster(), "l4-0", "mps-daemon-unresponsive");
            gs.markUnhealthy(spec.cluster(), "l4-1", "mps-daemon-unresponsive");
            // 3 instances (< 9) → one replacement at a time, lowest id first
            Plan first = gs.plan(spec);
            assertThat(terminated(first)).containsExactly("l4-0");
            gs.apply(first);
            Plan second = gs.plan(spec);
            assertThat(terminated(second)).containsExactly("l4-1");
            gs.apply(second);
            assertThat(gs.status(spec.cluster()).instances()).allMatch(Instance::healthy);
            assertThat(gs.plan(spec).actions()).isEmpty();
        }
    }

    private static List<String> terminated(Plan plan) {
        return plan.actions().stream().filter(TerminateInstance.class::isInstance)
                .map(a -> ((TerminateInstance) a).instanceId().toString()).toList();
    }

    private static Set<String> tasksOn(FleetState s, String instanceId) {
        Set<String> out = new TreeSet<>();
        for (Instance i : s.instances()) {
            if (!i.id().equals(InstanceId.parse(instanceId))) continue;
            for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) out.add(a.task().toString());
        }
        return out;
    }
}
