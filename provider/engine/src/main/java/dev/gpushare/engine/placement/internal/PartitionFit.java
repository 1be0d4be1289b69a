package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * MIG: each container takes one free MIG instance of its profile on the copy's instance; the
 * lowest (GPU index, start) free one is taken.
 */
final class PartitionFit implements Fit {
    static final PartitionFit INSTANCE = new PartitionFit();

    @Override
    public FitResult find(CopyRequest copy, Node node, Pool pool) {
        Refusal r = poolRefusal(copy, pool);
        if (r != null) return r;
        Set<Long> taken = new HashSet<>();
        List<List<Choice.Pick>> per = new ArrayList<>();
        for (CopyRequest.GpuContainer c : copy.containers()) {
            String profile = ((Need.Partition) c.need()).profile();
            Choice.Pick pick = null;
            search:
            for (GpuSlot g : node.gpus) {
                for (int p = 0; p < g.parts.size(); p++) {
                    if (!g.partUsed[p] && g.parts.get(p).profile().equals(profile) && !taken.contains(key(g.index, p))) {
                        pick = new Choice.Pick(g.index, p);
                        break search;
                    }
                }
            }
            if (pick == null) {
                return new Refusal.NoPartition(profile, needed(copy, profile), free(node, profile));
            }
            taken.add(key(pick.gpu(), pick.partition()));
            per.add(List.of(pick));
        }
        return new Choice(per);
    }

    @Override
    public Refusal verify(CopyRequest copy, Node node, Pool pool, Choice choice) {
        Refusal r = poolRefusal(copy, pool);
        if (r != null) return r;
        Set<Long> taken = new HashSet<>();
        for (int i = 0; i < copy.containers().size(); i++) {
            String profile = ((Need.Partition) copy.containers().get(i).need()).profile();
            List<Choice.Pick> picks = choice.perContainer().get(i);
            if (picks.size() != 1) return new Refusal.Incompatible("one MIG instance per container");
            Choice.Pick p = picks.get(0);
            if (p.gpu() < 0 || p.gpu() >= node.gpus.length) return new Refusal.Incompatible("no such GPU");
            GpuSlot g = node.gpus[p.gpu()];
            if (p.partition() < 0 || p.partition() >= g.parts.size()
                    || !g.parts.get(p.partition()).profile().equals(profile)
                    || g.partUsed[p.partition()] || !taken.add(key(p.gpu(), p.partition()))) {
                return new Refusal.NoPartition(profile, needed(copy, profile), free(node, profile));
            }
        }
        return null;
    }

    private static Refusal poolRefusal(CopyRequest copy, Pool pool) {
        if (pool.kind() != Pool.Kind.MIG) return new Refusal.Incompatible("a MIG partition needs MIG capacity");
        for (CopyRequest.GpuContainer c : copy.containers()) {
            String profile = ((Need.Partition) c.need()).profile();
            int perGpu = 0;
            for (var p : pool.layout()) if (p.profile().equals(profile)) perGpu++;
            if (perGpu * pool.gpuCount() < needed(copy, profile)) {
                return new Refusal.NoPartition(profile, needed(copy, profile), perGpu * pool.gpuCount());
            }
        }
        return null;
    }

    private static int needed(CopyRequest copy, String profile) {
        int n = 0;
        for (CopyRequest.GpuContainer c : copy.containers()) if (((Need.Partition) c.need()).profile().equals(profile)) n++;
        return n;
    }

    static int free(Node node, String profile) {
        int n = 0;
        for (GpuSlot g : node.gpus) {
            for (int p = 0; p < g.parts.size(); p++) if (!g.partUsed[p] && g.parts.get(p).profile().equals(profile)) n++;
        }
        return n;
    }

    private static long key(int gpu, int part) {
        return ((long) gpu << 32) | part;
    }
}
