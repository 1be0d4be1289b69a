package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.resolve.ResolvedSpec;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.backend.local.LocalBackend;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.placement.Placer;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanText;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The reconcile figures of docs/benchmarks.md (a main, not a test; no randomness):
 * <ol>
 *   <li>plan for a 10,000-GPU cluster (2,500 g6.12xlarge, 50,000 MPS copies) after a 1% change
 *       (50,000 → 50,500 copies), from a snapshot and from the local backend;</li>
 *   <li>apply of a ~1,000-action plan on the local backend, batches of 16 (default) and of 1.</li>
 * </ol>
 * Run: {@code mvn -pl provider/engine -am test-compile -q} then
 * {@code java -cp "$(cat provider/engine/target/test-classpath.txt)" dev.gpushare.engine.reconcile.ReconcileBenchmark}
 * (see docs/benchmarks.md for the classpath line).
 */
public final class ReconcileBenchmark {
    private ReconcileBenchmark() {}

    public static void main(String[] args) throws Exception {
        Catalog catalog = Catalog.builtIn();
        Path dir = Files.createTempDirectory("gpushare-bench");

        // 1. 10,000 GPUs: 2,500 instances × 4 L4, 5 copies of 4,096 MiB per GPU
        Spec before = Specs.mpsService(50_000, 4096, 2_600);
        Spec after = Specs.mpsService(50_500, 4096, 2_600);
        long t0 = System.nanoTime();
        FleetState placed = Placer.place(ResolvedSpec.of(before), FleetState.empty(before.cluster()));
        long placeMs = ms(t0);
        System.out.printf("fleet: %d instances, %d GPUs, %d copies (initial placement %d ms)%n",
                placed.summary().instances(), placed.summary().gpus(), placed.summary().allocations(), placeMs);
        Snapshot snapshot = new Snapshot(placed, 1, Map.of());
        for (int i = 0; i < 3; i++) Planner.plan(ResolvedSpec.of(after), snapshot); // warm-up
        int reps = 5;
        t0 = System.nanoTime();
        long c0 = cpu();
        Plan plan = null;
        for (int i = 0; i < reps; i++) plan = Planner.plan(ResolvedSpec.of(after), snapshot);
        System.out.printf("plan after +1%% (from a snapshot): wall %d ms, CPU %d ms per plan; %s%n", ms(t0) / reps,
                (cpu() - c0) / reps, PlanText.summary(plan));
        t0 = System.nanoTime();
        c0 = cpu();
        for (int i = 0; i < reps; i++) Placer.place(ResolvedSpec.of(after), placed, java.util.Set.of());
        System.out.printf("  of which placement (Placer.place given the current state): wall %d ms, CPU %d ms%n",
                ms(t0) / reps, (cpu() - c0) / reps);

        try (Backend backend = LocalBackend.open(dir.resolve("big"))) {
            Plan first = Planner.plan(ResolvedSpec.of(before), backend.read(before.cluster()));
            t0 = System.nanoTime();
            Reconciler.apply(backend, first, ApplyListener.NONE, 1_000);
            System.out.printf("initial apply of %d actions (batches of 1,000): %d ms%n", first.actions().size(), ms(t0));
            t0 = System.nanoTime();
            Snapshot read = backend.read(before.cluster());
            long readMs = ms(t0);
            t0 = System.nanoTime();
            Plan p = Planner.plan(ResolvedSpec.of(after), read);
            System.out.printf("read 10,000-GPU state from the local backend: %d ms; plan: %d ms; %s%n", readMs, ms(t0), PlanText.summary(p));
        }

        // 2. apply of ~1,000 actions: 960 copies on 48 instances (20 per instance) → 48 + 960 = 1,008
        Spec thousand = Specs.mpsService(960, 4096, 60);
        for (int batch : new int[] {16, 1}) {
            try (Backend backend = LocalBackend.open(dir.resolve("apply-" + batch))) {
                Plan p = Planner.plan(ResolvedSpec.of(thousand), backend.read(thousand.cluster()));
                t0 = System.nanoTime();
                ApplyOutcome o = Reconciler.apply(backend, p, ApplyListener.NONE, batch);
                long took = ms(t0);
                System.out.printf("apply %d actions, batches of %d: %d ms (%.2f ms/action) → %s%n",
                        p.actions().size(), batch, took, (double) took / p.actions().size(), o);
            }
        }
    }

    /** This thread's CPU time in ms: the machine the figures were taken on was shared. */
    private static long cpu() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1_000_000;
    }

    private static long ms(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
