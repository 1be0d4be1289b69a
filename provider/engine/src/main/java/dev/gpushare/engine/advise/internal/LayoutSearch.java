package dev.gpushare.engine.advise.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.model.InferenceComponent;

/**
 * The exact search behind the advisor: for each candidate layout (multiset of profiles on one
 * GPU), branch and bound over the assignment of components to the layout's profiles (all copies
 * of a component share one profile, whose memory must cover {@code gpuMemoryMiB}). The GPUs needed
 * for an assignment are {@code max over profiles ⌈copies on it / its count in the layout⌉}; the
 * objective is (GPUs, wasted MiB), then the first layout in enumeration order.
 */
public final class LayoutSearch {
    /**
     * Assignments visited per layout before the best so far stands: exact up to roughly a dozen
     * components per endpoint (6^12 is pruned to far fewer), a best-fit-first answer beyond.
     */
    static final long BUDGET = 500_000;

    private LayoutSearch() {}

    /**
     * @param layout     the winning layout, largest profile first
     * @param assignment the profile of each component, in the order given
     */
    public record Result(List<MigProfile> layout, List<MigProfile> assignment, int gpus, long wastedMiB) {}

    /** The best layout and assignment, or null when some component fits no profile at all. */
    public static Result best(List<List<MigProfile>> layouts, List<InferenceComponent> components) {
        Result best = null;
        for (List<MigProfile> layout : layouts) {
            Result r = solve(layout, components);
            if (r != null && (best == null || r.gpus() < best.gpus()
                    || (r.gpus() == best.gpus() && r.wastedMiB() < best.wastedMiB()))) {
                best = r;
            }
        }
        return best;
    }

    /** The best assignment for one layout, or null when a component fits none of its profiles. */
    static Result solve(List<MigProfile> layout, List<InferenceComponent> components) {
        // distinct profiles of the layout with their count per GPU
        Map<String, Integer> counts = new LinkedHashMap<>();
        Map<String, MigProfile> byName = new LinkedHashMap<>();
        for (MigProfile p : layout) {
            counts.merge(p.name(), 1, Integer::sum);
            byName.putIfAbsent(p.name(), p);
        }
        // tightest profile first: the first complete assignment is the greedy best fit, then improved
        List<MigProfile> profiles = new ArrayList<>(byName.values());
        profiles.sort(Comparator.comparingLong(MigProfile::memoryMiB).thenComparing(MigProfile::name));
        int[] perGpu = new int[profiles.size()];
        for (int i = 0; i < perGpu.length; i++) perGpu[i] = counts.get(profiles.get(i).name());
        // components: biggest demand first, so that bounds bite early
        Integer[] order = new Integer[components.size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        java.util.Arrays.sort(order, Comparator.comparingLong((Integer i) ->
                -(long) components.get(i).gpuMemoryMiB() * components.get(i).copyCount()).thenComparingInt(i -> i));
        for (InferenceComponent c : components) {
            boolean any = false;
            for (MigProfile p : profiles) any |= p.memoryMiB() >= c.gpuMemoryMiB();
            if (!any) return null;
        }
        Search s = new Search(profiles, perGpu, components, order);
        s.dfs(0, 0);
        if (s.bestAssign == null) return null;
        List<MigProfile> assignment = new ArrayList<>();
        for (int i = 0; i < components.size(); i++) assignment.add(profiles.get(s.bestAssign[i]));
        List<MigProfile> sortedLayout = new ArrayList<>(layout);
        sortedLayout.sort(Comparator.comparingLong(MigProfile::memoryMiB).reversed()
                .thenComparing(Comparator.comparingInt(MigProfile::computeSlices).reversed()).thenComparing(MigProfile::name));
        return new Result(sortedLayout, assignment, s.bestGpus, s.bestWaste);
    }

    /** Branch and bound over component → profile. */
    private static final class Search {
        private final List<MigProfile> profiles;
        private final int[] perGpu;
        private final List<InferenceComponent> components;
        private final Integer[] order;
        private final long[] load;
        private final int[] assign;
        int[] bestAssign;
        int bestGpus = Integer.MAX_VALUE;
        long visited;
        long bestWaste = Long.MAX_VALUE;

        Search(List<MigProfile> profiles, int[] perGpu, List<InferenceComponent> components, Integer[] order) {
            this.profiles = profiles;
            this.perGpu = perGpu;
            this.components = components;
            this.order = order;
            this.load = new long[profiles.size()];
            this.assign = new int[components.size()];
        }

        void dfs(int k, long waste) {
            if (++visited > BUDGET) return;
            int gpus = gpus();
            if (gpus > bestGpus || (gpus == bestGpus && waste >= bestWaste)) return;
            if (k == order.length) {
                bestGpus = gpus;
                bestWaste = waste;
                bestAssign = assign.clone();
                return;
            }
            int ci = order[k];
            InferenceComponent c = components.get(ci);
            for (int p = 0; p < profiles.size(); p++) {
                MigProfile prof = profiles.get(p);
                if (prof.memoryMiB() < c.gpuMemoryMiB()) continue;
                load[p] += c.copyCount();
                assign[ci] = p;
                dfs(k + 1, waste + (prof.memoryMiB() - c.gpuMemoryMiB()) * c.copyCount());
                load[p] -= c.copyCount();
            }
        }

        private int gpus() {
            int g = 0;
            for (int p = 0; p < load.length; p++) g = (int) Math.max(g, (load[p] + perGpu[p] - 1) / perGpu[p]);
            return g;
        }
    }
}
