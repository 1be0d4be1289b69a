package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Folds a plan's rollout wave by wave with the transient a wave really has: at its peak every new
 * copy of the wave runs, and the old copies of those that start first still run (a {@code MoveCopy}
 * is one step to {@link StateFold}; here its new copy is added before any old one of the wave stops).
 * Checks, at every peak: no GPU over its usable memory or MPS clients, no partition or whole GPU
 * taken twice, healthy copies (old ones running, new ones of earlier waves) ≥ the minimum, running
 * copies ≤ the maximum.
 */
final class RolloutWaves {
    private RolloutWaves() {}

    static final int MAX_CLIENTS = 48;

    /** The state the plan leads to, after checking every wave's peak. */
    static FleetState foldChecked(FleetState current, Plan plan, int maxClients) {
        FleetState state = current;
        int i = 0;
        List<Action> actions = plan.actions();
        while (i < actions.size()) {
            int wave = plan.waveOf(i);
            if (wave == 0) {
                state = StateFold.apply(state, List.of(actions.get(i)));
                i++;
                continue;
            }
            int j = i;
            while (j < actions.size() && plan.waveOf(j) == wave) j++;
            List<Action> w = actions.subList(i, j);
            Rollout r = plan.rollouts().stream().filter(x -> wave >= x.firstWave() && wave <= x.lastWave()).findFirst().orElseThrow();
            // stop-first copies stop; then the peak: every new copy of the wave next to the old start-first ones
            List<Action> stops = new ArrayList<>();
            List<Action.Placement> added = new ArrayList<>();
            int startFirst = 0, stopFirst = 0;
            for (Action a : w) {
                switch (a) {
                    case Action.StopCopy s -> { stops.add(s); stopFirst++; }
                    case Action.ConfigureGpu c -> stops.add(c); // an idle GPU made MPS for the new copies, first
                    case Action.LaunchInstance l -> stops.add(l); // a surge instance, before the copies started on it
                    case Action.RecordRollout rec -> { } // the wave's record, kept with the state
                    case Action.MoveCopy m -> { added.addAll(m.to()); startFirst++; }
                    case Action.PlaceCopy p -> added.addAll(p.placements());
                    default -> throw new AssertionError("a wave holds copies only: " + a);
                }
            }
            FleetState before = StateFold.apply(state, stops);
            FleetState peak = withExtra(before, added);
            assertFits(peak, maxClients, "peak of wave " + wave);
            int n = copiesOf(state, r.group());
            assertThat(n - stopFirst).as("healthy copies of %s at the peak of wave %d", r.group(), wave)
                    .isGreaterThanOrEqualTo(Math.min(r.minimumHealthy(), n));
            assertThat(n + startFirst).as("running copies of %s at the peak of wave %d", r.group(), wave)
                    .isLessThanOrEqualTo(Math.max(r.maximumRunning(), n));
            state = StateFold.apply(state, w);
            assertFits(state, maxClients, "after wave " + wave);
            i = j;
        }
        return state;
    }

    private static int copiesOf(FleetState s, String group) {
        Set<TaskId> ts = new HashSet<>();
        for (Instance i : s.instances()) for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) if (a.task().group().equals(group)) ts.add(a.task());
        return ts.size();
    }

    /** {@code s} with {@code extra} allocations added and none removed (the transient of a start-first wave). */
    static FleetState withExtra(FleetState s, List<Action.Placement> extra) {
        List<Instance> out = new ArrayList<>();
        for (Instance i : s.instances()) {
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                List<Allocation> as = new ArrayList<>(g.allocations());
                for (Action.Placement p : extra) {
                    if (p.instanceId().equals(i.id()) && p.gpuIndex() == g.index()) {
                        // another task id, so that the copy and its new copy are two users of the GPU
                        Allocation a = p.allocation();
                        as.add(new Allocation(new TaskId(a.task().group() + "~new", a.task().ordinal()), a.container(), a.memoryMiB(),
                                a.maxComputePercent(), a.partition(), a.env(), a.revision()));
                    }
                }
                gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), as));
            }
            out.add(i.withGpus(gpus));
        }
        return new FleetState(s.cluster(), out, s.unplaced());
    }

    static void assertFits(FleetState s, int maxClients, String when) {
        for (Instance i : s.instances()) {
            for (Gpu g : i.gpus()) {
                long mps = 0;
                int clients = 0;
                Set<Integer> starts = new HashSet<>();
                Set<TaskId> plain = new HashSet<>();
                for (Allocation a : g.allocations()) {
                    if (a.partition() != null) {
                        assertThat(starts.add(a.partition().start())).as("%s: partition %s of %s gpu %d taken twice", when, a.partition(), i.id(), g.index()).isTrue();
                    } else if (a.memoryMiB() != null) {
                        mps += a.memoryMiB();
                        clients++;
                    } else {
                        plain.add(a.task());
                    }
                }
                assertThat(mps).as("%s: MPS memory of %s gpu %d", when, i.id(), g.index()).isLessThanOrEqualTo(g.memoryMiB());
                assertThat(clients).as("%s: MPS clients of %s gpu %d", when, i.id(), g.index()).isLessThanOrEqualTo(maxClients);
                if (!plain.isEmpty()) {
                    assertThat(mps).as("%s: whole GPU %s/%d shared with MPS", when, i.id(), g.index()).isZero();
                    if (g.mode() != dev.gpushare.engine.state.GpuMode.TIME_SLICING) {
                        assertThat(plain).as("%s: whole GPU %s/%d held by one copy", when, i.id(), g.index()).hasSize(1);
                    }
                }
            }
        }
    }

    /**
     * What apply checks of the plan holds (issue 22): every prefix of the plan's order folds to a
     * state whose instances hold their copies by the checks placement uses ({@link
     * dev.gpushare.engine.placement.Admission} with the spec's host needs and limits), and the
     * apply-time check ({@link dev.gpushare.engine.reconcile.ActionCheck#plan}) finds nothing.
     */
    static void assertAdmitted(Spec spec, FleetState current, Plan plan) {
        var admission = dev.gpushare.engine.placement.Admission.of(ResolvedSpec.of(spec));
        StateFold.Fold fold = StateFold.Fold.of(current);
        for (int n = 0; n < plan.actions().size(); n++) {
            Action a = plan.actions().get(n);
            fold.step(a);
            List<Action.Placement> to = a instanceof Action.PlaceCopy p ? p.placements()
                    : a instanceof Action.MoveCopy m ? m.to() : List.of();
            for (Action.Placement p : to) {
                Instance i = fold.instance(p.instanceId());
                assertThat(admission.check(i)).as("instance %s after action %d of%n%s", i.id(), n, PlanText.render(plan)).isEmpty();
            }
        }
        assertThat(dev.gpushare.engine.reconcile.ActionCheck.plan(plan, new Snapshot(current, plan.revision(), Map.of()),
                dev.gpushare.engine.catalog.Catalog.builtIn())).isEmpty();
    }

    /** Each copy's revision in {@code s}. */
    static Map<TaskId, Revision> revisions(FleetState s) {
        Map<TaskId, Revision> out = new HashMap<>();
        for (Instance i : s.instances()) for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) out.put(a.task(), a.revision());
        return out;
    }

    /** The plan of {@code after} from the state {@code before} was applied to (folded), with that state. */
    static Plan planFrom(Spec before, Spec after, FleetState[] applied) {
        FleetState current = StateFold.apply(FleetState.empty(before.cluster()),
                Planner.plan(ResolvedSpec.of(before), Snapshot.empty(before.cluster())).actions());
        applied[0] = current;
        return Planner.plan(ResolvedSpec.of(after), new Snapshot(current, 1, Map.of()));
    }

    static boolean refused(Plan p) {
        return p.desired().unplaced().stream().anyMatch(u -> u.code() == PlacementCode.ROLLOUT_NO_ROOM);
    }
}
