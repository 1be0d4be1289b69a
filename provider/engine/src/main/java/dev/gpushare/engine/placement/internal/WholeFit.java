package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whole GPUs (a count, ALL, or one GPU per inference-component copy on an endpoint without a
 * layout): all GPUs of a copy on one instance, each idle and then dedicated to one container;
 * the lowest free indexes are taken.
 */
final class WholeFit implements Fit {
    static final WholeFit INSTANCE = new WholeFit();

    @Override
    public FitResult find(CopyRequest copy, Node node, Pool pool) {
        Refusal r = poolRefusal(copy, pool);
        if (r != null) return r;
        int total = total(copy);
        if (node.idleGpus < total) return new Refusal.IdleGpus(total, node.idleGpus);
        List<List<Choice.Pick>> per = new ArrayList<>();
        int g = 0;
        for (CopyRequest.GpuContainer c : copy.containers()) {
            int count = ((Need.Whole) c.need()).count();
            List<Choice.Pick> picks = new ArrayList<>(count);
            while (picks.size() < count) {
                if (node.gpus[g].idle()) picks.add(new Choice.Pick(g, -1));
                g++;
            }
            per.add(picks);
        }
        return new Choice(per);
    }

    @Override
    public Refusal verify(CopyRequest copy, Node node, Pool pool, Choice choice) {
        Refusal r = poolRefusal(copy, pool);
        if (r != null) return r;
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < copy.containers().size(); i++) {
            List<Choice.Pick> picks = choice.perContainer().get(i);
            if (picks.size() != ((Need.Whole) copy.containers().get(i).need()).count()) {
                return new Refusal.Incompatible("GPU count changed");
            }
            for (Choice.Pick p : picks) {
                if (p.gpu() < 0 || p.gpu() >= node.gpus.length || !seen.add(p.gpu()) || !node.gpus[p.gpu()].idle()) {
                    return new Refusal.IdleGpus(total(copy), node.idleGpus);
                }
            }
        }
        return null;
    }

    static int total(CopyRequest copy) {
        int total = 0;
        for (CopyRequest.GpuContainer c : copy.containers()) total += ((Need.Whole) c.need()).count();
        return total;
    }

    private static Refusal poolRefusal(CopyRequest copy, Pool pool) {
        if (pool.kind() != Pool.Kind.MPS && pool.kind() != Pool.Kind.EXCLUSIVE && pool.kind() != Pool.Kind.WHOLE_ENDPOINT) {
            return new Refusal.Incompatible("whole GPUs need EXCLUSIVE or MPS capacity, not " + pool.kind());
        }
        long minMem = 0;
        for (CopyRequest.GpuContainer c : copy.containers()) minMem = Math.max(minMem, ((Need.Whole) c.need()).minGpuMemoryMiB());
        if (minMem > pool.gpuMemoryMiB()) return new Refusal.GpuMemory(minMem, pool.gpuMemoryMiB());
        if (total(copy) > pool.gpuCount()) return new Refusal.IdleGpus(total(copy), pool.gpuCount());
        return null;
    }
}
