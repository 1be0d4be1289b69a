package dev.gpushare.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.placement.Placer;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Spec;

/**
 * Issue 15, target 4: packing quality where whole GPUs, MPS copies and host CPU and memory bind
 * together (docs/benchmarks.md, "Packing quality on mixed workloads"). Workloads (b) and (e) of
 * {@link Workloads}, per pool: instances placed, the bound PlacementBench prints ({@link
 * LowerBounds#basic}) and the best bound ({@link LowerBounds#combined} too), the ratio. Then many
 * small seeded instances of both, per pool: the packer's count, the best bound and the true
 * optimum by {@link ExactSearch}, to tell whether a gap is the packer's or the bound's.
 *
 * <p>{@code QualityBench [COPIES] [SMALL_COPIES] [SMALL_SEEDS]} (50,000, 30, 40).
 */
public final class QualityBench {
    private QualityBench() {}

    private static final List<String> WASTE = new ArrayList<>();

    record PoolFigures(String pool, String type, int copies, int placed, long basic, long best) {}

    public static void main(String[] args) {
        int copies = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int small = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int seeds = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        Catalog catalog = Catalog.builtIn();
        System.out.printf(Locale.ROOT, "# seed %d, %d CPU(s), Java %s, load %.2f%n", Workloads.SEED,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), Measure.load());
        System.out.println("| workload | pool | type | copies | instances | bound (PlacementBench) | best bound | ratio to best | CPU ms | load |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        large("(b) mix", Workloads.mix(copies, Workloads.SEED), catalog);
        large("(e) whole 2/4/8 + MPS", Workloads.wholeAndMps(copies, Workloads.SEED, 10), catalog);
        System.out.println();
        System.out.println("What the placed instances leave unused, per pool (in instances' worth unless said):");
        for (String w : WASTE) System.out.println("- " + w);

        System.out.println();
        System.out.printf(Locale.ROOT, "# small instances: %d copies, services of 1–3 copies, seeds 1..%d, per pool; exact search budget %,d nodes per K%n",
                small, seeds, ExactSearch.BUDGET);
        System.out.println("| workload | pools | copies | packer = optimum | packer > optimum | unproven | packer instances | optimum | best bound | optimum > bound | load |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        smallRuns("(b) mix", seed -> Workloads.mix(small, seed, 1 + (int) (seed % 3)), seeds, catalog);
        smallRuns("(e) whole 2/4/8 + MPS", seed -> Workloads.wholeAndMps(small, seed, 1 + (int) (seed % 3)), seeds, catalog);
    }

    private static void large(String name, Spec spec, Catalog catalog) {
        ResolvedSpec resolved = ResolvedSpec.of(spec);
        for (int i = 0; i < 3; i++) Placer.place(resolved, FleetState.empty(spec.cluster())); // warm-up
        Measure.Best<FleetState> timed = new Measure.Best<>();
        for (int i = 0; i < 3; i++) timed.time(() -> Placer.place(resolved, FleetState.empty(spec.cluster())));
        FleetState s = timed.last();
        long bestCpu = timed.cpuNs();
        if (!s.unplaced().isEmpty()) System.out.println(name + " unplaced: " + s.unplaced().size());
        int placed = 0, n = 0;
        long basic = 0, best = 0;
        for (PoolFigures p : pools(spec, s, catalog)) {
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %d | %d | %d | %d | %s | | %.2f |%n", name, p.pool(), p.type(), p.copies(),
                    p.placed(), p.basic(), p.best(), PlacementBench.ratio(p.placed(), p.best()), Measure.load());
            WASTE.add(name + " " + p.pool() + ": " + Waste.of(spec, s, p.pool(), catalog));
            placed += p.placed();
            n += p.copies();
            basic += p.basic();
            best += p.best();
        }
        System.out.printf(Locale.ROOT, "| %s | **all** | | %d | %d | %d | %d | **%s** | %.0f | %.2f |%n", name, n, placed, basic, best,
                PlacementBench.ratio(placed, best), bestCpu / 1e6, Measure.load());
    }

    private static void smallRuns(String name, java.util.function.LongFunction<Spec> gen, int seeds, Catalog catalog) {
        int pools = 0, equal = 0, worse = 0, unproven = 0, copies = 0, overBound = 0;
        long packer = 0, optimum = 0, bound = 0;
        List<String> notes = new ArrayList<>();
        for (long seed = 1; seed <= seeds; seed++) {
            Spec spec = gen.apply(seed);
            FleetState s = Placer.place(ResolvedSpec.of(spec), FleetState.empty(spec.cluster()));
            if (!s.unplaced().isEmpty()) throw new IllegalStateException(name + " seed " + seed + ": unplaced copies");
            for (PoolFigures p : pools(spec, s, catalog)) {
                if (p.copies() == 0) continue;
                ExactSearch.Result r = ExactSearch.optimum(LowerBounds.items(spec, p.pool(), catalog), LowerBounds.shape(p.type(), catalog), (int) p.best(), p.placed());
                pools++;
                copies += p.copies();
                packer += p.placed();
                optimum += r.optimum();
                bound += p.best();
                if (!r.proven()) {
                    unproven++;
                    notes.add(String.format(Locale.ROOT, "%s seed %d pool %s: packer %d, bound %d, no packing in fewer than %d found or ruled out within the budget",
                            name, seed, p.pool(), p.placed(), p.best(), r.optimum()));
                } else if (r.optimum() < p.placed()) {
                    worse++;
                    notes.add(String.format(Locale.ROOT, "%s seed %d pool %s (%d copies): packer %d, optimum %d, bound %d",
                            name, seed, p.pool(), p.copies(), p.placed(), r.optimum(), p.best()));
                } else {
                    equal++;
                }
                if (r.proven() && r.optimum() > p.best()) overBound++;
            }
        }
        System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %.2f |%n", name, pools, copies, equal, worse,
                unproven, packer, optimum, bound, overBound, Measure.load());
        for (String note : notes) System.out.println("- " + note);
    }

    /** Per capacity provider: copies, instances placed, the two bounds. */
    static List<PoolFigures> pools(Spec spec, FleetState s, Catalog catalog) {
        Map<String, Integer> placed = new HashMap<>();
        for (Instance i : s.instances()) placed.merge(i.owner().name(), 1, Integer::sum);
        List<PoolFigures> out = new ArrayList<>();
        for (CapacityProvider cp : spec.capacityProviders()) {
            List<LowerBounds.Item> items = LowerBounds.items(spec, cp.name(), catalog);
            LowerBounds.Shape shape = LowerBounds.shape(cp.instanceType(), catalog);
            long basic = LowerBounds.basic(items, shape);
            out.add(new PoolFigures(cp.name(), cp.instanceType(), items.size(), placed.getOrDefault(cp.name(), 0), basic,
                    Math.max(basic, LowerBounds.combined(items, shape))));
        }
        return out;
    }
}
