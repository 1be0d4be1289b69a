package dev.gpushare.engine.placement.internal;

/**
 * Time-slicing: a container asking for k GPUs takes one replica on each of k distinct GPUs of the
 * copy's instance; GPUs are filled in index order (each offers {@code replicas} replicas).
 */
final class SlotFit extends GpuCountFit {
    static final SlotFit INSTANCE = new SlotFit();

    @Override
    boolean free(Node node, Pool pool, int gpu, int taken) {
        return node.gpus[gpu].slotsUsed + taken < pool.replicas();
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

    @Override
    int count(CopyRequest copy, int i) {
        return ((Need.Slots) copy.containers().get(i).need()).count();
    }

    private static int freeGpus(Node node, Pool pool) {
        int n = 0;
        for (GpuSlot g : node.gpus) if (g.slotsUsed < pool.replicas()) n++;
        return n;
    }
}
