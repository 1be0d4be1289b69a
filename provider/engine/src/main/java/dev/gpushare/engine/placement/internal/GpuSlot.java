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

    /** Free for a dedicated (whole-GPU) container. */
    boolean idle() {
        return mode == GpuMode.IDLE;
    }

    /** Open to MPS containers: idle, or already shared by MPS. */
    boolean mpsOpen() {
        return mode == GpuMode.IDLE || mode == GpuMode.MPS;
    }
}
