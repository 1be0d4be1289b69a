package dev.gpushare.bench;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The full plan path (docs/benchmarks.md, "Placement and plan before and after issue 14"):
 * {@code Planner.plan(spec, snapshot)} of workload (a) — 100,000 MPS copies — against its own
 * converged state, with no change, with one service +2 copies, and with (d) +1 %. It calls only
 * what the engine before issue 14 (commit 81c5f4c) also has, so the same source runs against both
 * engines' jars in one sitting; the SHA-256 of each plan's JSON (the contract's form) is printed
 * so that the two engines' plans can be compared too. CPU ms of this thread, best of the timed runs.
 * Run on one core: {@code taskset -c 1 java -XX:ActiveProcessorCount=1 -Xmx2g -cp … dev.gpushare.bench.PlanBench LABEL}.
 */
public final class PlanBench {
    private PlanBench() {}

    public static void main(String[] args) {
        String label = args.length > 0 ? args[0] : "this engine";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 9;
        Spec a = Workloads.mps(100_000, Workloads.SEED);
        ResolvedSpec ra = ResolvedSpec.of(a);
        Plan first = Planner.plan(ra, Snapshot.empty(a.cluster()));
        Snapshot converged = new Snapshot(StateFold.normalize(first.desired()), 1, Map.of());
        first = null;

        Spec one = middleServicePlusTwo(a);

        row(label, "no change", ra, converged, runs);
        row(label, "1 service +2 copies", ResolvedSpec.of(one), converged, runs);
        row(label, "(d) +1 % (100 services +10)", ResolvedSpec.of(Workloads.grow(a)), converged, runs);
    }

    /**
     * The "1 service +2 copies" change: the spec with its middle service's desiredCount raised by 2
     * (here, not in {@link Workloads}, so that this class compiles against an older bench jar too;
     * {@link ReplanBench} uses it as well).
     */
    static Spec middleServicePlusTwo(Spec a) {
        List<Service> svcs = new ArrayList<>(a.services());
        int mid = svcs.size() / 2;
        Service s = svcs.get(mid);
        svcs.set(mid, new Service(s.name(), s.taskDefinition(), s.capacityProvider(), s.desiredCount() + 2, s.placementStrategy()));
        return new Spec(a.apiVersion(), a.cluster(), a.capacityProviders(), a.taskDefinitions(), svcs, a.endpoints(),
                a.inferenceComponents(), a.instanceTypes());
    }

    private static void row(String label, String change, ResolvedSpec spec, Snapshot snapshot, int runs) {
        for (int i = 0; i < 5; i++) Planner.plan(spec, snapshot); // warm-up
        Measure.Best<Plan> best = new Measure.Best<>();
        for (int i = 0; i < runs; i++) best.time(() -> Planner.plan(spec, snapshot));
        Plan plan = best.last();
        String digest = Measure.sha256(PlanJson.toJson(plan)); // the plan as `gpushare plan --format json` writes it
        System.out.printf("| %s | %s | %d | %.1f | %s | %s |%n", label, change, plan.actions().size(), best.cpuNs() / 1e6,
                digest.substring(0, 12), Measure.load());
    }
}
