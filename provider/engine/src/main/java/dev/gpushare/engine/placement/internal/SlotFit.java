package dev.gpushare.engine.placement.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Time-slicing: a container asking for k GPUs takes one replica on each of k distinct GPUs of the
 * copy's instance; GPUs are filled in index order (each offers {@code replicas} replicas). What
 * the copy's containers took: the replicas per GPU.
 */
final class SlotFit extends ContainerFit<int[]> {
    static final SlotFit INSTANCE = new SlotFit();

    @Override
    int[] nothingTaken(Node node) {
        return new int[node.gpus.length];
    }

    @Override
    List<Choice.Pick> take(CopyRequest copy, int i, Node node, Pool pool, int[] used) {
        return firstGpus(node, count(copy, i), g -> node.gpus[g].slotsUsed + used[g] < pool.replicas(), g -> used[g]++);
    }

    @Override
    Refusal check(CopyRequest copy, int i, List<Choice.Pick> picks, Node node, Pool pool, int[] used) {
        if (picks.size() != count(copy, i)) return new Refusal.Incompatible("GPU count changed");
        Set<Integer> distinct = new HashSet<>();
        for (Choice.Pick p : picks) {
            if (p.gpu() < 0 || p.gpu() >= node.gpus.length || !distinct.add(p.gpu())
                    || node.gpus[p.gpu()].slotsUsed + ++used[p.gpu()] > pool.replicas()) {
                return noRoom(copy, i, node, pool);
            }
        }
        return null;
    }

    @Override
    Refusal noRoom(CopyRequest copy, int i, Node node, Pool pool) {
        return new Refusal.NoSlot(count(copy, i), freeGpus(node, pool));
    }

    @Override
    Refusal poolRefusal(CopyRequest copy, Pool pool) {
        if (pool.kind() != Pool.Kind.TIME_SLICING) return new Refusal.Incompatible("replicas need TIME_SLICING capacity");
        for (int i = 0; i < copy.containers().size(); i++) {
            if (count(copy, i) > pool.gpuCount()) return new Refusal.IdleGpus(count(copy, i), pool.gpuCount());
        }
        return null;
    }

    private static int count(CopyRequest copy, int i) {
        return ((Need.Slots) copy.containers().get(i).need()).count();
    }

    private static int freeGpus(Node node, Pool pool) {
        int n = 0;
        for (GpuSlot g : node.gpus) if (g.slotsUsed < pool.replicas()) n++;
        return n;
    }
}
