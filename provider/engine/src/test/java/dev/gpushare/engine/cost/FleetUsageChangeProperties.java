package dev.gpushare.engine.cost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link FleetUsage#of(FleetState, FleetState, PriceList, CopySizes)}, the figures before and after
 * a plan with the instances the plan leaves as they are added up once: the same figures as each
 * state added up on its own. The fleet: one MPS service on g6.12xlarge (4 L4 GPUs), placed from
 * nothing, then planned again with another count and size of copy (growing keeps every instance
 * the first plan made, shrinking or resizing moves copies).
 */
class FleetUsageChangeProperties {
    @Property(tries = 60)
    void theFiguresOfAChangeAreThoseOfEachStateOnItsOwn(@ForAll @IntRange(min = 1, max = 90) int copies,
                                                        @ForAll @IntRange(min = 1, max = 90) int copiesAfter,
                                                        @ForAll @IntRange(min = 1_000, max = 22_000) int mib,
                                                        @ForAll boolean resize) {
        ResolvedSpec first = ResolvedSpec.of(Specs.mpsService(copies, mib, 100));
        FleetState before = Planner.plan(first, Snapshot.empty("scale")).desired();
        ResolvedSpec next = ResolvedSpec.of(Specs.mpsService(copiesAfter, resize ? mib / 2 + 500 : mib, 100));
        FleetState after = Planner.plan(next, new Snapshot(before, 1, Map.of())).desired();
        PriceList prices = PriceList.of(next.catalog(), next.spec());
        CopySizes sizes = CopySizes.of(next.spec(), next.catalog());

        FleetUsage.Change change = FleetUsage.of(before, after, prices, sizes);

        assertThat(change.before()).isEqualTo(FleetUsage.of(before, prices, sizes));
        assertThat(change.after()).isEqualTo(FleetUsage.of(after, prices, sizes));
        if (copiesAfter >= copies && !resize) {
            // growing leaves every instance that was full as it is: those are the very objects, read once
            Set<Instance> was = Collections.newSetFromMap(new IdentityHashMap<>());
            was.addAll(before.instances());
            long shared = after.instances().stream().filter(was::contains).count();
            assertThat(shared).as("instances the plan left as they are").isGreaterThanOrEqualTo(before.instances().size() - 1L);
        }
    }
}
