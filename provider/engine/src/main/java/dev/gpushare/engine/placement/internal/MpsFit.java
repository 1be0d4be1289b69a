package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * MPS as ECS does it: all MPS containers of a copy on one GPU that is idle or already MPS, whose
 * free memory covers their sum; compute is a limit, not reserved; at most maxClientsPerGpu
 * containers per GPU.
 */
final class MpsFit implements Fit {
    static final MpsFit INSTANCE = new MpsFit();

    @Override
    public FitResult find(CopyRequest copy, Node node, Pool pool) {
        if (pool.kind() != Pool.Kind.MPS) return incompatible();
        boolean sawClients = false;
        long mostFree = -1;
        for (GpuSlot g : node.gpus) {
            if (!g.mpsOpen()) continue;
            mostFree = Math.max(mostFree, g.memFree);
            if (g.memFree < copy.mpsMiB()) continue;
            if (g.clients + copy.containers().size() > pool.maxClients()) {
                sawClients = true;
                continue;
            }
            return choiceOn(copy, g.index);
        }
        if (sawClients) return new Refusal.Clients(pool.maxClients());
        return new Refusal.GpuMemory(copy.mpsMiB(), Math.max(mostFree, 0));
    }

    /** True when GPU {@code g} of the node takes the copy (the indexed first-fit path). */
    static boolean fitsGpu(CopyRequest copy, GpuSlot g, Pool pool) {
        return g.mpsOpen() && g.memFree >= copy.mpsMiB()
                && g.clients + copy.containers().size() <= pool.maxClients();
    }

    static Choice choiceOn(CopyRequest copy, int gpu) {
        List<List<Choice.Pick>> per = new ArrayList<>(copy.containers().size());
        List<Choice.Pick> one = List.of(new Choice.Pick(gpu, -1));
        for (int i = 0; i < copy.containers().size(); i++) per.add(one);
        return new Choice(per);
    }

    @Override
    public Refusal verify(CopyRequest copy, Node node, Pool pool, Choice choice) {
        if (pool.kind() != Pool.Kind.MPS) return incompatible();
        int gpu = -1;
        for (List<Choice.Pick> picks : choice.perContainer()) {
            if (picks.size() != 1 || picks.get(0).partition() != -1) return incompatible();
            int g = picks.get(0).gpu();
            if (gpu != -1 && g != gpu) return new Refusal.Incompatible("MPS containers of a task on different GPUs");
            gpu = g;
        }
        if (gpu < 0 || gpu >= node.gpus.length) return incompatible();
        GpuSlot g = node.gpus[gpu];
        if (!g.mpsOpen()) return new Refusal.GpuMemory(copy.mpsMiB(), 0);
        if (g.memFree < copy.mpsMiB()) return new Refusal.GpuMemory(copy.mpsMiB(), g.memFree);
        if (g.clients + copy.containers().size() > pool.maxClients()) return new Refusal.Clients(pool.maxClients());
        return null;
    }

    private static Refusal incompatible() {
        return new Refusal.Incompatible("nvidiaMps needs a capacity provider with gpuSharing MPS");
    }
}
