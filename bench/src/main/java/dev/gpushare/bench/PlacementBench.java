package dev.gpushare.bench;

import dev.gpushare.engine.resolve.ResolvedSpec;

import java.lang.management.ManagementFactory;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.placement.Placer;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;

/**
 * The placement benchmark (docs/benchmarks.md, "Placement"): workloads (a)–(d) of issue 3 from the
 * seeded generator, each warmed up, then timed (best of several runs). Prints one Markdown table.
 * Run on one core: {@code java -XX:ActiveProcessorCount=1 -Xmx2g -cp … dev.gpushare.bench.PlacementBench}.
 */
public final class PlacementBench {
    private PlacementBench() {}

    public static void main(String[] args) {
        Catalog catalog = Catalog.builtIn();
        System.out.println("seed " + Workloads.SEED + ", " + Runtime.getRuntime().availableProcessors() + " CPU(s), "
                + System.getProperty("java.version"));
        System.out.println("| workload | copies | instances | GPUs | lower bound (instances) | ratio | L2 (GPUs) "
                + "| CPU ms | wall ms | heap MiB | baseline instances | baseline GPUs | baseline ratio | baseline CPU ms |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");

        // "d [N]": workload (d) alone, N timed runs (for profiling the incremental path)
        boolean onlyD = args.length > 0 && args[0].equals("d");
        int runsD = onlyD && args.length > 1 ? Integer.parseInt(args[1]) : 7;
        Spec a = Workloads.mps(100_000, Workloads.SEED);
        FleetState placedA = onlyD ? Placer.place(ResolvedSpec.of(a), FleetState.empty(a.cluster())) : run("(a) 100k MPS", a, catalog, true);
        if (!onlyD) {
            run("(b) 50k mix", Workloads.mix(50_000, Workloads.SEED), catalog, true);
            run("(c) 20k copies on MIG endpoints", Workloads.endpoints(2_000, Workloads.SEED), catalog, false);
        }

        Spec d = Workloads.grow(a);
        for (int i = 0; i < 5; i++) Placer.place(ResolvedSpec.of(d), placedA); // warm-up
        long best = Long.MAX_VALUE, bestCpu = Long.MAX_VALUE;
        FleetState after = null;
        for (int i = 0; i < runsD; i++) {
            long c0 = Measure.cpu();
            long t0 = System.nanoTime();
            after = Placer.place(ResolvedSpec.of(d), placedA);
            best = Math.min(best, System.nanoTime() - t0);
            bestCpu = Math.min(bestCpu, Measure.cpu() - c0);
        }
        int added = copies(d) - copies(a);
        System.out.printf("| (d) +%d copies on the placed (a) | %d | %d | %d | — | — | — | %.0f | %.0f | — | — | — | — | — |%n",
                added, copies(d), after.instances().size(), busyGpus(after), bestCpu / 1e6, best / 1e6);
        System.out.println("(d) unplaced: " + after.unplaced().size());
        // the printed state of (a) and (d), to check that a change to the engine leaves results byte-identical
        if (onlyD) System.out.println("state SHA-256: (a) " + Measure.sha256(StateJson.toJson(placedA)) + ", (d) " + Measure.sha256(StateJson.toJson(after)));
    }


    private static FleetState run(String name, Spec spec, Catalog catalog, boolean baseline) {
        for (int i = 0; i < 3; i++) Placer.place(ResolvedSpec.of(spec), FleetState.empty(spec.cluster())); // warm-up
        long best = Long.MAX_VALUE, bestCpu = Long.MAX_VALUE;
        FleetState s = null;
        for (int i = 0; i < 3; i++) {
            s = null;
            System.gc();
            long c0 = Measure.cpu();
            long t0 = System.nanoTime();
            s = Placer.place(ResolvedSpec.of(spec), FleetState.empty(spec.cluster()));
            best = Math.min(best, System.nanoTime() - t0);
            bestCpu = Math.min(bestCpu, Measure.cpu() - c0);
        }
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        LowerBounds.Fleet lb = LowerBounds.of(spec, catalog);
        String base = "— | — | — | —";
        if (baseline) {
            long c0 = Measure.cpu();
            FirstFitBaseline.Result r = FirstFitBaseline.run(spec, catalog);
            long ms = (Measure.cpu() - c0) / 1_000_000;
            base = r.instances() + " | " + r.gpus() + " | " + ratio(r.instances(), lb.instances()) + " | " + ms;
        }
        System.out.printf("| %s | %d | %d | %d | %s | %s | %s | %.0f | %.0f | %d | %s |%n", name, copies(spec),
                s.instances().size(), busyGpus(s), lb.instances() < 0 ? "fixed" : Long.toString(lb.instances()),
                lb.instances() < 0 ? "—" : ratio(s.instances().size(), lb.instances()), lb.gpusL2() < 0 ? "—" : lb.gpusL2(),
                bestCpu / 1e6, best / 1e6, heap >> 20, base);
        if (!s.unplaced().isEmpty()) System.out.println(name + " unplaced: " + s.unplaced().size());
        return s;
    }


    static String ratio(long used, long bound) {
        return bound <= 0 ? "—" : String.format("%.4f", (double) used / bound);
    }

    static int copies(Spec spec) {
        int n = 0;
        for (Service s : spec.services()) n += s.desiredCount();
        for (var ic : spec.inferenceComponents()) n += ic.copyCount();
        return n;
    }

    static int busyGpus(FleetState s) {
        int n = 0;
        for (Instance i : s.instances()) for (Gpu g : i.gpus()) if (!g.allocations().isEmpty()) n++;
        return n;
    }
}
