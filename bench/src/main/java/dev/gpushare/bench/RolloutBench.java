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
 * copies, 512 MiB to 20 GiB, on g6.12xlarge with no instance limit — placed (99.5–99.8 % full),
 * then thinned to a fill (third argument, default 0.95): services drawn at random (seeded) lose
 * their last copy until the copies use at most that share of the GPU memory ({@link #thin}), and
 * converged (the thinned spec's plan from that state folded: it only returns GPUs left empty to
 * IDLE). Then every task definition's image changes. Deployment settings are the defaults (minimumHealthyPercent 100,
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

    /** Arguments: copies (100,000), timed runs (3), fill (0.95). */
    public static void main(String[] args) {
        int copies = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        double fill = args.length > 2 ? Double.parseDouble(args[2]) : 0.95;
        Spec packed = Workloads.mps(copies, Workloads.SEED);
        Plan first = Planner.plan(ResolvedSpec.of(packed), Snapshot.empty(packed.cluster()));
        FleetState full = StateFold.normalize(first.desired());
        first = null;
        Thinned t = thin(packed, full, fill, Workloads.SEED);
        Spec a = t.spec;
        FleetState converged = t.state;
        // converged: the thinned spec's plan from the thinned state (no image change) is empty
        Plan settle = Planner.plan(ResolvedSpec.of(a), new Snapshot(converged, 1, Map.of()));
        int settleActions = settle.actions().size();
        if (settleActions > 0) converged = StateFold.normalize(settle.desired());
        settle = null;
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
        Measure.Best<Plan> best = new Measure.Best<>();
        for (int r = 0; r < runs; r++) best.time(() -> Planner.plan(next, snapshot));
        Plan plan = best.last();
        int waves = 0, stopFirst = 0, extra = 0, rolled = 0;
        for (Rollout r : plan.rollouts()) {
            waves += r.waves();
            stopFirst += r.stopFirst();
            extra += r.extraInstances();
            rolled += r.copies();
        }
        long launches = plan.actions().stream().filter(x -> x instanceof Action.LaunchInstance).count();
        long terminations = plan.actions().stream().filter(x -> x instanceof Action.TerminateInstance).count();
        System.out.printf("| %,d copies (%,d removed, convergence plan %d actions) on %,d instances | fill %.1f %% | most free on one GPU %,d MiB, smallest copy %,d MiB"
                        + " | %,d rollouts, %,d copies, %,d waves, %,d stopped first | refused %d | plan %.0f ms CPU | %,d actions"
                        + " | peak extra instances %d (launched %d, terminated %d) | lower bound %d | load %.2f |%n",
                copies - t.removed, t.removed, settleActions, converged.instances().size(), 100.0 * allocated / usable, mostFree, smallest,
                plan.rollouts().size(), rolled, waves, stopFirst, plan.desired().unplaced().size(), best.cpuNs() / 1e6,
                plan.actions().size(), extra, launches, terminations, bound, Measure.load());
    }

    /** A spec and the state that runs it, {@code removed} copies fewer than the packed fleet. */
    record Thinned(Spec spec, FleetState state, int removed) {}

    /**
     * The packed fleet thinned to {@code fill} of its GPU memory: services drawn at random (seeded)
     * lose their highest-numbered copy — desiredCount one lower, the copy gone from its GPU — until
     * the allocated memory is at most {@code fill} × the usable memory. The holes are where the copies
     * were: spread over the fleet, of every size, as scale-ins leave them.
     */
    static Thinned thin(Spec spec, FleetState state, double fill, long seed) {
        long usable = 0, allocated = 0;
        Map<String, Integer> count = new java.util.HashMap<>();
        Map<String, Long> size = new java.util.HashMap<>();
        for (Instance i : state.instances()) {
            for (Gpu g : i.gpus()) {
                usable += g.memoryMiB();
                for (Allocation al : g.allocations()) {
                    allocated += al.memoryMiB();
                    count.merge(al.task().group(), 1, Integer::sum);
                    size.put(al.task().group(), al.memoryMiB());
                }
            }
        }
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed ^ 0x95L);
        List<dev.gpushare.model.Service> services = spec.services();
        java.util.Set<dev.gpushare.engine.state.TaskId> gone = new java.util.HashSet<>();
        int removed = 0;
        while (allocated > fill * usable) {
            dev.gpushare.model.Service s = services.get(rnd.nextInt(services.size()));
            int n = count.get(s.name());
            if (n <= 1) continue;
            count.put(s.name(), n - 1);
            gone.add(dev.gpushare.engine.state.TaskId.parse(s.name() + "/" + (n - 1)));
            allocated -= size.get(s.name());
            removed++;
        }
        List<dev.gpushare.model.Service> svcs = new ArrayList<>();
        for (dev.gpushare.model.Service s : services) {
            svcs.add(new dev.gpushare.model.Service(s.name(), s.taskDefinition(), s.capacityProvider(), count.get(s.name()),
                    s.placementStrategy(), s.deploymentConfiguration(), s.deploymentCircuitBreaker()));
        }
        List<Instance> instances = new ArrayList<>();
        for (Instance i : state.instances()) {
            List<Gpu> gpus = new ArrayList<>();
            for (Gpu g : i.gpus()) {
                List<Allocation> keep = new ArrayList<>();
                for (Allocation al : g.allocations()) if (!gone.contains(al.task())) keep.add(al);
                gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), g.fraction(), g.partitions(), keep));
            }
            instances.add(i.withGpus(gpus));
        }
        return new Thinned(new Spec(spec.apiVersion(), spec.cluster(), spec.capacityProviders(), spec.taskDefinitions(), svcs,
                spec.endpoints(), spec.inferenceComponents(), spec.instanceTypes()),
                new FleetState(state.cluster(), instances, state.unplaced()), removed);
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
