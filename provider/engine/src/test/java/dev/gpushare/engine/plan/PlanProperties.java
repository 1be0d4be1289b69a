package dev.gpushare.engine.plan;

import dev.gpushare.engine.resolve.ResolvedSpec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Invariants of plan + apply, on the pure meaning of actions (no backend). */
class PlanProperties {
    private static final Catalog CATALOG = Catalog.builtIn();

    /**
     * From any applied spec to any other: the plan's actions lead exactly to its desired state,
     * and a plan made right after is empty.
     */
    @Property(tries = 40)
    void planLeadsToDesiredAndThenNothingIsLeft(@ForAll @IntRange(min = 0, max = 70) int copiesBefore,
                                               @ForAll @IntRange(min = 0, max = 70) int copiesAfter,
                                               @ForAll @IntRange(min = 1, max = 3) int memoryBefore,
                                               @ForAll @IntRange(min = 1, max = 3) int memoryAfter) {
        Spec before = Specs.mpsService(copiesBefore, 2048 * memoryBefore);
        Spec after = Specs.mpsService(copiesAfter, 2048 * memoryAfter);
        FleetState current = applied(Snapshot.empty(before.cluster()), Planner.plan(ResolvedSpec.of(before), Snapshot.empty(before.cluster())));

        Plan plan = Planner.plan(ResolvedSpec.of(after), new Snapshot(current, 1, Map.of()));
        FleetState reached = applied(new Snapshot(current, 1, Map.of()), plan);
        assertThat(reached.instances()).isEqualTo(StateFold.normalize(plan.desired()).instances());
        assertThat(Planner.plan(ResolvedSpec.of(after), new Snapshot(reached, 2, Map.of())).actions()).isEmpty();
        // only copies that change are touched: with equal requirements no copy moves
        if (memoryBefore == memoryAfter) {
            assertThat(plan.actions()).noneMatch(a -> a instanceof Action.MoveCopy);
        }
    }

    private static FleetState applied(Snapshot s, Plan plan) {
        return StateFold.apply(s.state(), plan.actions()); // unplaced stays as in the snapshot: empty
    }
}
