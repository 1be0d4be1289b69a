package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.placement.Admission;
import dev.gpushare.engine.plan.internal.Diff;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The planner orders moves so that no prefix of a plan is over (the apply-time check measures after
 * every action). An L4 GPU has 22,563 MiB usable.
 */
class StartOrderTest {
    private static final Admission ADMISSION = Admission.of(Catalog.builtIn());

    private static Plan plan(FleetState from, FleetState to) {
        List<Action> actions = Diff.between(new Snapshot(from, 1, Map.of()), to, Map.of(), Map.of(), ADMISSION);
        return new Plan("c", 1, actions, to, "0".repeat(64));
    }

    /** After every action, every instance holds its copies. */
    private static void everyPrefixFits(FleetState from, List<Action> actions) {
        StateFold.Fold fold = StateFold.Fold.of(from);
        for (Action a : actions) {
            fold.step(a);
            for (Instance i : fold.state().instances()) assertThat(ADMISSION.check(i)).as("after %s", a).isEmpty();
        }
    }

    /**
     * a/0 grows in place on GPU 0 (4,096 → 16,000 MiB) while b/0 (10,000) moves from GPU 0 to GPU 1:
     * in task order a/0 would grow first (26,000 > 22,563 on GPU 0); b/0 moves first.
     */
    @Test
    void aCopyGrowsInPlaceOnlyOnceItsNeighbourMovedOff() {
        Allocation a = Fleet.mps("a/0", 0, 4096, null), b = Fleet.mps("b/0", 0, 10_000, null);
        FleetState from = Fleet.state("c", Fleet.mpsInstance("l4-0", "l4", List.of(List.of(a, b))));
        FleetState to = Fleet.state("c", Fleet.mpsInstance("l4-0", "l4",
                List.of(List.of(Fleet.mps("a/0", 0, 16_000, null)), List.of(Fleet.mps("b/0", 1, 10_000, null)))));
        Plan p = plan(from, to);
        // (GPU 1 is configured IDLE → MPS before the moves)
        assertThat(p.actions()).filteredOn(x -> x instanceof Action.MoveCopy)
                .extracting(x -> ((Action.MoveCopy) x).task().toString()).containsExactly("b/0", "a/0");
        everyPrefixFits(from, p.actions());
        assertThat(StateFold.apply(from, p.actions()).instances()).isEqualTo(StateFold.normalize(to).instances());
    }

    /**
     * Two copies of 12,000 MiB swap GPUs 0 and 1, each GPU also holding 8,000 of a copy that stays:
     * either move first would put 32,000 on a GPU. The first move is split: a/0 stops, b/0 moves,
     * a/0 is placed again.
     */
    @Test
    void aSwapOverFullGpusStopsOneCopyAndPlacesItAgain() {
        Allocation keep0 = Fleet.mps("k/0", 0, 8_000, null), keep1 = Fleet.mps("k/1", 1, 8_000, null);
        FleetState from = Fleet.state("c", Fleet.mpsInstance("l4-0", "l4",
                List.of(List.of(Fleet.mps("a/0", 0, 12_000, null), keep0), List.of(Fleet.mps("b/0", 1, 12_000, null), keep1))));
        FleetState to = Fleet.state("c", Fleet.mpsInstance("l4-0", "l4",
                List.of(List.of(Fleet.mps("b/0", 0, 12_000, null), keep0), List.of(Fleet.mps("a/0", 1, 12_000, null), keep1))));
        Plan p = plan(from, to);
        assertThat(p.actions()).extracting(Action::kind).containsExactly("stopCopy", "moveCopy", "placeCopy");
        assertThat(p.actions()).extracting(x -> switch (x) {
            case Action.StopCopy s -> s.task().toString();
            case Action.MoveCopy m -> m.task().toString();
            case Action.PlaceCopy pc -> pc.task().toString();
            default -> "";
        }).containsExactly("a/0", "b/0", "a/0");
        everyPrefixFits(from, p.actions());
        assertThat(StateFold.apply(from, p.actions()).instances()).isEqualTo(StateFold.normalize(to).instances());
    }
}
