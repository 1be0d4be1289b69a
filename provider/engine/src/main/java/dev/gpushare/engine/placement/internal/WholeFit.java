package dev.gpushare.engine.placement.internal;

import java.util.List;

/**
 * Whole GPUs (a count, ALL, or one GPU per inference-component copy on an endpoint without a
 * layout): all GPUs of a copy on one instance, each idle and then dedicated to one container;
 * the lowest free indexes are taken. What the copy's containers took: the GPUs by index.
 */
final class WholeFit extends ContainerFit<boolean[]> {
    static final WholeFit INSTANCE = new WholeFit();

    @Override
    boolean[] nothingTaken(Node node) {
        return new boolean[node.gpus.length];
    }

    @Override
    List<Choice.Pick> take(CopyRequest copy, int i, Node node, Pool pool, boolean[] taken) {
        return firstGpus(node, count(copy, i), g -> node.gpus[g].idle() && !taken[g], g -> taken[g] = true);
    }

    @Override
    Refusal check(CopyRequest copy, int i, List<Choice.Pick> picks, Node node, Pool pool, boolean[] taken) {
        if (picks.size() != count(copy, i)) return new Refusal.Incompatible("GPU count changed");
        for (Choice.Pick p : picks) {
            if (p.gpu() < 0 || p.gpu() >= node.gpus.length || taken[p.gpu()] || !node.gpus[p.gpu()].idle()) {
                return noRoom(copy, i, node, pool);
            }
            taken[p.gpu()] = true;
        }
        return null;
    }

    /** Idle GPUs are short for the copy as a whole (its containers share the instance's idle GPUs). */
    @Override
    Refusal noRoom(CopyRequest copy, int i, Node node, Pool pool) {
        return new Refusal.IdleGpus(total(copy), node.idleGpus);
    }

    static int total(CopyRequest copy) {
        int total = 0;
        for (int i = 0; i < copy.containers().size(); i++) total += count(copy, i);
        return total;
    }

    private static int count(CopyRequest copy, int i) {
        return ((Need.Whole) copy.containers().get(i).need()).count();
    }

    @Override
    Refusal poolRefusal(CopyRequest copy, Pool pool) {
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
