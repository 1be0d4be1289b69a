package dev.gpushare.bench;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Baseline;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.Replan;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Re-plan cost (docs/benchmarks.md, "Re-plan cost follows the change"): workload (a) of {@link
 * Workloads} at 1k, 10k, 100k and 1M copies, placed and converged (the state a backend holds after
 * the first apply, at revision 1, with the baseline a front door keeps), then a plan of a change
 * through the full path ({@link Planner#plan}) and the change-set path ({@link Planner#replan})
 * from the same snapshot: one service +2 copies, and (d) +1 % copies. CPU ms of this thread, best
 * of the timed runs after warm-up; the two plans are compared (actions and desired state equal).
 * The spec hash every plan carries (SHA-256 of the spec's text, O(spec), not O(fleet)) is timed
 * apart, and what is left of the change-set path is placement and diff.
 * Run on one core: {@code taskset -c 1 java -XX:ActiveProcessorCount=1 -Xmx4g -cp … dev.gpushare.bench.ReplanBench [sizes…]}.
 */
public final class ReplanBench {
    private ReplanBench() {}

    public static void main(String[] args) throws Exception {
        List<Integer> sizes = new ArrayList<>();
        for (String a : args) sizes.add(Integer.parseInt(a.replace("_", "")));
        if (sizes.isEmpty()) sizes = List.of(1_000, 10_000, 100_000, 1_000_000);
        System.out.println("seed " + Workloads.SEED + ", " + Runtime.getRuntime().availableProcessors() + " CPU(s), "
                + System.getProperty("java.version") + ", max heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB, load "
                + Measure.load());
        System.out.println("| fleet (copies) | instances | change | actions | full path CPU ms | change-set path CPU ms "
                + "| of which spec hash ms | change-set placement + diff ms | same plan | load (1 min) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (int n : sizes) {
            Spec a = Workloads.mps(n, Workloads.SEED);
            ResolvedSpec ra = ResolvedSpec.of(a);
            Snapshot empty = Snapshot.empty(a.cluster());
            Replan first = Planner.replan(ra, empty, null);
            // the state a backend holds after applying the first plan in full, read back in its order
            FleetState state = StateFold.normalize(first.plan().desired());
            Snapshot snapshot = new Snapshot(state, 1, Map.of());
            Baseline baseline = first.after(new ApplyOutcome.Applied(1, first.plan().actions().size())).orElseThrow();
            first = null;

            Spec one = PlanBench.middleServicePlusTwo(a);
            int runs = n >= 1_000_000 ? 5 : 11;
            row(n, state, "1 service +2 copies", ResolvedSpec.of(one), snapshot, baseline, runs);
            if (n == 100_000) row(n, state, "(d) +1 % (100 services +10)", ResolvedSpec.of(Workloads.grow(a)), snapshot, baseline, runs);
        }
    }

    private static void row(int n, FleetState state, String change, ResolvedSpec spec, Snapshot snapshot, Baseline baseline, int runs) {
        int warm = n >= 1_000_000 ? 2 : 5;
        for (int i = 0; i < warm; i++) {
            Planner.plan(spec, snapshot);
            Planner.replan(spec, snapshot, baseline);
        }
        Measure.Best<Plan> fullPath = new Measure.Best<>();
        Measure.Best<Replan> changeSetPath = new Measure.Best<>();
        Measure.Best<String> specHash = new Measure.Best<>();
        for (int i = 0; i < runs; i++) {
            fullPath.time(() -> Planner.plan(spec, snapshot));
            changeSetPath.time(() -> Planner.replan(spec, snapshot, baseline));
            specHash.time(() -> Planner.specHash(spec.spec())); // part of every plan: SHA-256 of the spec's record text, O(spec)
        }
        Plan fullPlan = fullPath.last();
        Replan changedPlan = changeSetPath.last();
        long full = fullPath.cpuNs(), changed = changeSetPath.cpuNs(), hash = specHash.cpuNs();
        if (!changedPlan.changeSetPath()) throw new IllegalStateException("the change-set path was not taken");
        boolean same = fullPlan.actions().equals(changedPlan.plan().actions()) && fullPlan.desired().equals(changedPlan.plan().desired())
                && fullPlan.specHash().equals(changedPlan.plan().specHash());
        System.out.printf("| %,d | %,d | %s | %d | %.1f | %.1f | %.1f | %.1f | %s | %s |%n", n, state.instances().size(), change,
                fullPlan.actions().size(), full / 1e6, changed / 1e6, hash / 1e6, (changed - hash) / 1e6, same ? "yes" : "**NO**", Measure.load());
    }
}
