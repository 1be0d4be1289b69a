package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Time-slicing: a container asking for k GPUs takes one replica on each of k distinct GPUs of the
 * copy's instance; GPUs are filled in index order (each offers {@code replicas} replicas).
 */
final class SlotFit implements Fit {
    static final SlotFit INSTANCE = new SlotFit();

    @Override
    public FitResult find(CopyRequest copy, Node node, Pool pool) {
        Refusal r = poolRefusal(copy, pool);
        if (r != null) return r;
        int[] used = new int[node.gpus.length];
        List<List<Choice.Pick>> per = new ArrayList<>();
        for (CopyRequest.GpuContainer c : copy.containers()) {
            int count = ((Need.Slots) c.need()).count();
            List<Choice.Pick> picks = new ArrayList<>(count);
            for (GpuSlot g : node.gpus) {
                if (picks.size() == count) break;
                if (g.slotsUsed + used[g.index] < pool.replicas()) {
                    picks.add(new Choice.Pick(g.index, -1));
                    used[g.index]++;
                }
            }
            if (picks.size() < count) return new Refusal.NoSlot(count, freeGpus(node, pool));
            per.add(picks);
        }
        return new Choice(per);
    }

    @Override
    public Refusal verify(CopyRequest copy, Node node, Pool pool, Choice choice) {
        Refusal r = poolRefusal(copy, pool);
        if (r != null) return r;
        int[] used = new int[node.gpus.length];
        for (int i = 0; i < copy.containers().size(); i++) {
            int count = ((Need.Slots) copy.containers().get(i).need()).count();
            List<Choice.Pick> picks = choice.perContainer().get(i);
            Set<Integer> distinct = new HashSet<>();
            if (picks.size() != count) return new Refusal.Incompatible("GPU count changed");
            for (Choice.Pick p : picks) {
                if (p.gpu() < 0 || p.gpu() >= node.gpus.length || !distinct.add(p.gpu())
                        || node.gpus[p.gpu()].slotsUsed + ++used[p.gpu()] > pool.replicas()) {
                    return new Refusal.NoSlot(count, freeGpus(node, pool));
                }
            }
        }
        return null;
    }

    private static Refusal poolRefusal(CopyRequest copy, Pool pool) {
        if (pool.kind() != Pool.Kind.TIME_SLICING) return new Refusal.Incompatible("replicas need TIME_SLICING capacity");
        for (CopyRequest.GpuContainer c : copy.containers()) {
            int count = ((Need.Slots) c.need()).count();
            if (count > pool.gpuCount()) return new Refusal.IdleGpus(count, pool.gpuCount());
        }
        return null;
    }

    private static int freeGpus(Node node, Pool pool) {
        int n = 0;
        for (GpuSlot g : node.gpus) if (g.slotsUsed < pool.replicas()) n++;
        return n;
    }
}
