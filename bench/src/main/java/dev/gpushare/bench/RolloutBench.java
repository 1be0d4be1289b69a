package dev.gpushare.bench;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.Rollout;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.Container;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Planning the rollout of every service of a 100,000-copy MPS fleet (docs/benchmarks.md,
 * "Rolling out every service of a 100,000-copy fleet"): workload (a) — 10,000 services of 10
 * copies, 512 MiB to 20 GiB, on g6.12xlarge with no instance limit — converged, then every task
 * definition's image changes. Deployment settings are the defaults (minimumHealthyPercent 100,
 * maximumPercent 200): no copy may stop first, so every new copy starts next to its old one, in
 * free room of the pool, or on a surge instance.
 *
 * <p>Printed: the fleet's fill (allocated ÷ usable GPU memory), the plan's CPU time (best of the
 * timed runs, this thread), its actions, waves, stop-first copies, the peak extra instances (the
 * surge instances the rollouts launch: they run together until the plan ends) and the lower bound
 * below, and the machine's load.
 *
 * <p>Lower bound on the peak extra instances of any order: with minimumHealthyPercent 100 a copy's
 * old copy runs until its new one started, so the first new copy of the whole rollout needs, on one
 * GPU, free memory of at least its own size (and an MPS client left). If no GPU of the pool has
 * free memory ≥ the smallest copy, every order must launch at least one instance: bound 1;
 * otherwise a single copy can start, its old copy then frees its room, and no count above 0 is
 * forced by room alone: bound 0. (A volume bound — free memory ÷ instance memory — does not hold:
 * the room an old copy frees is used again within the same rollout.)
 */
public final class RolloutBench {
    private RolloutBench() {}

    public static void main(String[] args) {
        int copies = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Spec a = Workloads.mps(copies, Workloads.SEED);
        Plan first = Planner.plan(ResolvedSpec.of(a), Snapshot.empty(a.cluster()));
        FleetState converged = StateFold.normalize(first.desired());
        first = null;
        Snapshot snapshot = new Snapshot(converged, 1, Map.of());
        ResolvedSpec next = ResolvedSpec.of(newImages(a));

        long usable = 0, allocated = 0, smallest = Long.MAX_VALUE, mostFree = 0;
        for (Instance i : converged.instances()) {
            for (Gpu g : i.gpus()) {
                usable += g.memoryMiB();
                long used = 0;
                for (Allocation al : g.allocations()) {
                    if (al.memoryMiB() == null) continue;
                    used += al.memoryMiB();
                    smallest = Math.min(smallest, al.memoryMiB());
                }
                allocated += used;
                mostFree = Math.max(mostFree, g.memoryMiB() - used);
            }
        }
        int bound = mostFree >= smallest ? 0 : 1;

        if (runs > 1) Planner.plan(next, snapshot); // warm-up (left out for one run: the 100k plan takes minutes here)
        long best = Long.MAX_VALUE;
        Plan plan = null;
        for (int r = 0; r < runs; r++) {
            plan = null;
            long c0 = Measure.cpu();
            plan = Planner.plan(next, snapshot);
            best = Math.min(best, Measure.cpu() - c0);
        }
        int waves = 0, stopFirst = 0, extra = 0, rolled = 0;
        for (Rollout r : plan.rollouts()) {
            waves += r.waves();
            stopFirst += r.stopFirst();
            extra += r.extraInstances();
            rolled += r.copies();
        }
        long launches = plan.actions().stream().filter(x -> x instanceof Action.LaunchInstance).count();
        long terminations = plan.actions().stream().filter(x -> x instanceof Action.TerminateInstance).count();
        System.out.printf("| %,d copies on %,d instances | fill %.1f %% | most free on one GPU %,d MiB, smallest copy %,d MiB"
                        + " | %,d rollouts, %,d copies, %,d waves, %,d stopped first | refused %d | plan %.0f ms CPU | %,d actions"
                        + " | peak extra instances %d (launched %d, terminated %d) | lower bound %d | load %.2f |%n",
                copies, converged.instances().size(), 100.0 * allocated / usable, mostFree, smallest,
                plan.rollouts().size(), rolled, waves, stopFirst, plan.desired().unplaced().size(), best / 1e6,
                plan.actions().size(), extra, launches, terminations, bound, Measure.load());
    }

    /** The same spec with every task definition's image changed (a new revision of each). */
    static Spec newImages(Spec a) {
        List<TaskDefinition> tds = new ArrayList<>();
        for (TaskDefinition td : a.taskDefinitions()) {
            List<Container> cs = new ArrayList<>();
            for (Container c : td.containers()) cs.add(new Container(c.name(), c.image() + "-2", c.gpu()));
            tds.add(new TaskDefinition(td.family(), td.cpu(), td.memoryMiB(), cs));
        }
        return new Spec(a.apiVersion(), a.cluster(), a.capacityProviders(), tds, a.services(), a.endpoints(),
                a.inferenceComponents(), a.instanceTypes());
    }
}
