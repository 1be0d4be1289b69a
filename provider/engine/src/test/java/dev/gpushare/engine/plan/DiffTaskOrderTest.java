package dev.gpushare.engine.plan;

import static dev.gpushare.engine.plan.Fleet.mps;
import static dev.gpushare.engine.plan.Fleet.mpsInstance;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.internal.Diff;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The diff lists copies in task order (name, then the copy number as a number: {@code b/2} before
 * {@code b/10}) whatever the order of the instances they are on: places and moves together, stops
 * apart.
 */
class DiffTaskOrderTest {

    @Test
    void placesMovesAndStopsAreInTaskOrderWhateverInstanceTheyAreOn() {
        // current: b/0..b/11 spread backwards over three instances (b/n on instance n % 3), a/5 on x-2
        List<List<Allocation>> cur = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int n = 11; n >= 0; n--) cur.get(n % 3).add(mps("b/" + n, 0, 1024, 10));
        cur.get(2).add(mps("a/5", 0, 1024, 10));
        FleetState current = Fleet.state("c", inst("z-0", cur.get(0)), inst("y-1", cur.get(1)), inst("x-2", cur.get(2)));
        // desired: b/10 (y-1) moves to x-2 and b/2 (x-2) to z-0; b/11, b/3 and a/5 stop; b/20, b/12 and a/1 are new on z-0
        List<List<Allocation>> want = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int n = 0; n <= 9; n++) if (n != 2 && n != 3) want.get(n % 3).add(mps("b/" + n, 0, 1024, 10));
        for (String t : List.of("b/20", "b/12", "a/1", "b/2")) want.get(0).add(mps(t, 0, 1024, 10));
        want.get(2).add(mps("b/10", 0, 1024, 10));
        FleetState desired = Fleet.state("c", inst("z-0", want.get(0)), inst("y-1", want.get(1)), inst("x-2", want.get(2)));

        List<Action> actions = Diff.between(new Snapshot(current, 1, Map.of()), desired, Map.of());
        List<String> stops = new ArrayList<>(), starts = new ArrayList<>();
        for (Action a : actions) {
            switch (a) {
                case Action.StopCopy s -> stops.add(s.task().toString());
                case Action.PlaceCopy p -> starts.add("place " + p.task());
                case Action.MoveCopy m -> starts.add("move " + m.task());
                default -> { }
            }
        }
        assertThat(stops).containsExactly("a/5", "b/3", "b/11");
        assertThat(starts).containsExactly("place a/1", "move b/2", "move b/10", "place b/12", "place b/20");
    }

    /** An instance with every copy on GPU 0 (in the order given: the diff normalizes it). */
    private static dev.gpushare.engine.state.Instance inst(String id, List<Allocation> onGpu0) {
        return mpsInstance(id, "l4", List.of(onGpu0));
    }
}
