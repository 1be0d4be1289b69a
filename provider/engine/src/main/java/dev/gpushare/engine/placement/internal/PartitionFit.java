package dev.gpushare.engine.placement.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * MIG: each container takes one free MIG instance of its profile on the copy's instance; the
 * lowest (GPU index, start) free one is taken. What the copy's containers took: the MIG instances
 * by {@link #key}.
 */
final class PartitionFit extends ContainerFit<Set<Long>> {
    static final PartitionFit INSTANCE = new PartitionFit();

    @Override
    Set<Long> nothingTaken(Node node) {
        return new HashSet<>();
    }

    @Override
    List<Choice.Pick> take(CopyRequest copy, int i, Node node, Pool pool, Set<Long> taken) {
        String profile = profile(copy, i);
        for (GpuSlot g : node.gpus) {
            for (int p = 0; p < g.parts.size(); p++) {
                if (!g.partUsed[p] && g.parts.get(p).profile().equals(profile) && !taken.contains(key(g.index, p))) {
                    taken.add(key(g.index, p));
                    return List.of(new Choice.Pick(g.index, p));
                }
            }
        }
        return null;
    }

    @Override
    Refusal check(CopyRequest copy, int i, List<Choice.Pick> picks, Node node, Pool pool, Set<Long> taken) {
        if (picks.size() != 1) return new Refusal.Incompatible("one MIG instance per container");
        Choice.Pick p = picks.get(0);
        if (p.gpu() < 0 || p.gpu() >= node.gpus.length) return new Refusal.Incompatible("no such GPU");
        GpuSlot g = node.gpus[p.gpu()];
        if (p.partition() < 0 || p.partition() >= g.parts.size()
                || !g.parts.get(p.partition()).profile().equals(profile(copy, i))
                || g.partUsed[p.partition()] || !taken.add(key(p.gpu(), p.partition()))) {
            return noRoom(copy, i, node, pool);
        }
        return null;
    }

    @Override
    Refusal noRoom(CopyRequest copy, int i, Node node, Pool pool) {
        String profile = profile(copy, i);
        return new Refusal.NoPartition(profile, needed(copy, profile), free(node, profile));
    }

    @Override
    Refusal poolRefusal(CopyRequest copy, Pool pool) {
        if (pool.kind() != Pool.Kind.MIG) return new Refusal.Incompatible("a MIG partition needs MIG capacity");
        for (int i = 0; i < copy.containers().size(); i++) {
            String profile = profile(copy, i);
            int perGpu = 0;
            for (var p : pool.layout()) if (p.profile().equals(profile)) perGpu++;
            if (perGpu * pool.gpuCount() < needed(copy, profile)) {
                return new Refusal.NoPartition(profile, needed(copy, profile), perGpu * pool.gpuCount());
            }
        }
        return null;
    }

    private static String profile(CopyRequest copy, int i) {
        return ((Need.Partition) copy.containers().get(i).need()).profile();
    }

    private static int needed(CopyRequest copy, String profile) {
        int n = 0;
        for (int i = 0; i < copy.containers().size(); i++) if (profile(copy, i).equals(profile)) n++;
        return n;
    }

    static int free(Node node, String profile) {
        int n = 0;
        for (GpuSlot g : node.gpus) {
            for (int p = 0; p < g.parts.size(); p++) if (!g.partUsed[p] && g.parts.get(p).profile().equals(profile)) n++;
        }
        return n;
    }

    /** One MIG instance of the node: partition {@code part} of GPU {@code gpu}. */
    private static long key(int gpu, int part) {
        return ((long) gpu << 32) | part;
    }
}
