package dev.gpushare.engine.placement.internal;

/**
 * Whole GPUs (a count, ALL, or one GPU per inference-component copy on an endpoint without a
 * layout): all GPUs of a copy on one instance, each idle and then dedicated to one container;
 * the lowest free indexes are taken.
 */
final class WholeFit extends GpuCountFit {
    static final WholeFit INSTANCE = new WholeFit();

    /** Idle, and no container of the copy has it yet. */
    @Override
    boolean free(Node node, Pool pool, int gpu, int taken) {
        return node.gpus[gpu].idle() && taken == 0;
    }

    /** Idle GPUs are short for the copy as a whole (its containers share the instance's idle GPUs). */
    @Override
    Refusal noRoom(CopyRequest copy, int i, Node node, Pool pool) {
        return new Refusal.IdleGpus(total(copy), node.idleGpus);
    }

    /** Fewer idle GPUs than the copy's containers ask for in all: no need to look at each GPU. */
    @Override
    Refusal nodeRefusal(CopyRequest copy, Node node, Pool pool) {
        int total = total(copy);
        return node.idleGpus < total ? new Refusal.IdleGpus(total, node.idleGpus) : null;
    }

    static int total(CopyRequest copy) {
        int total = 0;
        for (CopyRequest.GpuContainer c : copy.containers()) total += ((Need.Whole) c.need()).count();
        return total;
    }

    @Override
    int count(CopyRequest copy, int i) {
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
