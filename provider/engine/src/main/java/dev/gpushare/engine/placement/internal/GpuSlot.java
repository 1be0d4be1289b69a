package dev.gpushare.engine.placement.internal;

import java.util.ArrayList;
import java.util.List;

import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.GpuMode;
import dev.gpushare.engine.state.MigPartition;

/** The mutable bookkeeping of one GPU during a placement run (memory in MiB). */
final class GpuSlot {
    final int index;
    GpuMode mode;
    long memFree;
    int clients;
    int slotsUsed;
    final List<MigPartition> parts;
    final boolean[] partUsed;
    final List<Allocation> allocations = new ArrayList<>(4);

    GpuSlot(int index, Pool pool) {
        this.index = index;
        this.mode = pool.baseMode();
        this.memFree = pool.gpuMemoryMiB();
        this.parts = pool.layout();
        this.partUsed = new boolean[parts.size()];
    }

    /** A copy of {@code from}'s bookkeeping (the allocation list copied, the allocations shared). */
    GpuSlot(GpuSlot from) {
        this.index = from.index;
        this.mode = from.mode;
        this.memFree = from.memFree;
        this.clients = from.clients;
        this.slotsUsed = from.slotsUsed;
        this.parts = from.parts;
        this.partUsed = from.partUsed.clone();
        this.allocations.addAll(from.allocations);
    }

    /** Free for a dedicated (whole-GPU) container. */
    boolean idle() {
        return mode == GpuMode.IDLE;
    }

    /** Open to MPS containers: idle, or already shared by MPS. */
    boolean mpsOpen() {
        return mode == GpuMode.IDLE || mode == GpuMode.MPS;
    }
}
