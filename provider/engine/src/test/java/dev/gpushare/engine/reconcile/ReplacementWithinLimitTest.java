package dev.gpushare.engine.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanText;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replacing an unhealthy instance never takes a pool over its limit while the plan runs: with no
 * room for one more, the instance is replaced in place (terminated first, then launched); with
 * room, the new instance starts first as before.
 */
class ReplacementWithinLimitTest {
    @TempDir Path dir;

    // 45 copies of 4,096 MiB, 20 per g6.12xlarge (4 L4 × 5) → l4-0: 20, l4-1: 20, l4-2: 5;
    // with l4-0 unhealthy its 20 copies need 5 more slots than l4-2's 15: a new instance
    @Test
    void aFullPoolReplacesInPlaceAndNeverHoldsMoreThanMaxInstances() {
        Spec spec = Specs.mpsService(45, 4096, 3);
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            gs.apply(gs.plan(spec));
            assertThat(gs.status(spec.cluster()).instances()).hasSize(3);
            gs.markUnhealthy(spec.cluster(), "l4-0", "mps-daemon-unresponsive");

            Plan plan = gs.plan(spec);
            String text = PlanText.render(plan);
            assertThat(plan.actions()).as(text).noneMatch(Action.LaunchInstance.class::isInstance)
                    .noneMatch(Action.TerminateInstance.class::isInstance);
            assertThat(plan.actions()).filteredOn(Action.ReplaceInstance.class::isInstance).singleElement()
                    .satisfies(a -> {
                        Action.ReplaceInstance r = (Action.ReplaceInstance) a;
                        assertThat(r.instance().id()).isEqualTo(new InstanceId("l4", 0));
                        assertThat(r.instance().healthy()).isTrue();
                        assertThat(r.reason()).contains("mps-daemon-unresponsive", "no room for one more instance");
                    });
            assertThat(peakInstances(gs.status(spec.cluster()), plan.actions())).as(text).isLessThanOrEqualTo(3);
            assertThat(text).contains("no room for one more instance");

            assertThat(gs.apply(plan)).isInstanceOf(ApplyOutcome.Applied.class);
            FleetState after = gs.status(spec.cluster());
            assertThat(after.instances()).hasSize(3).allMatch(Instance::healthy);
            assertThat(after.summary().allocations()).isEqualTo(45);
            assertThat(gs.plan(spec).actions()).isEmpty();
        }
    }

    @Test
    void withRoomTheNewInstanceStartsFirstAndThePeakIsOneMore() {
        Spec spec = Specs.mpsService(45, 4096, 4);
        try (Gpushare gs = Gpushare.backend("file:" + dir.resolve("state"))) {
            gs.apply(gs.plan(spec));
            gs.markUnhealthy(spec.cluster(), "l4-0", "mps-daemon-unresponsive");
            Plan plan = gs.plan(spec);
            assertThat(plan.actions().getFirst()).isInstanceOf(Action.LaunchInstance.class);
            assertThat(plan.actions().getLast()).isInstanceOf(Action.TerminateInstance.class);
            // 3 + 1 launched before l4-0 terminates: 4 = maxInstances, within the limit
            assertThat(peakInstances(gs.status(spec.cluster()), plan.actions())).isEqualTo(4);
        }
    }

    /** The most instances the pool holds at any point while the actions run in order. */
    private static int peakInstances(FleetState before, List<Action> actions) {
        Set<InstanceId> ids = new HashSet<>();
        for (Instance i : before.instances()) ids.add(i.id());
        int peak = ids.size();
        for (Action a : actions) {
            switch (a) {
                case Action.LaunchInstance l -> ids.add(l.instance().id());
                case Action.TerminateInstance t -> ids.remove(t.instanceId());
                default -> { }
            }
            peak = Math.max(peak, ids.size());
        }
        return peak;
    }
}
