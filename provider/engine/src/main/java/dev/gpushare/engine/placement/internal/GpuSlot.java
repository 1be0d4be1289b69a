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
    /** Read-only to all but {@link #add} and {@link #truncate}: a copied slot shares its source's list until it changes. */
    List<Allocation> allocations = new ArrayList<>(4);
    private boolean shared;

    GpuSlot(int index, Pool pool) {
        this.index = index;
        this.mode = pool.baseMode();
        this.memFree = pool.gpuMemoryMiB();
        this.parts = pool.layout();
        this.partUsed = new boolean[parts.size()];
    }

    /** A GPU as a state has it: its own memory and MIG instances, nothing used yet. */
    GpuSlot(int index, GpuMode mode, long memoryMiB, List<MigPartition> parts) {
        this.index = index;
        this.mode = mode;
        this.memFree = memoryMiB;
        this.parts = parts;
        this.partUsed = new boolean[parts.size()];
    }

    /**
     * A copy of {@code from}'s bookkeeping; the allocation list is shared until either slot adds to
     * it (seeding a run with thousands of kept instances copies no lists). {@code from} must not
     * change afterwards (seeds and recorded nodes never do).
     */
    GpuSlot(GpuSlot from) {
        this.index = from.index;
        this.mode = from.mode;
        this.memFree = from.memFree;
        this.clients = from.clients;
        this.slotsUsed = from.slotsUsed;
        this.parts = from.parts;
        this.partUsed = from.partUsed.length == 0 ? from.partUsed : from.partUsed.clone();
        this.allocations = from.allocations;
        this.shared = true;
    }

    /**
     * Takes {@code recorded} (a state's allocations on this GPU) as its allocations, shared: the list
     * is copied before anything is added to it (a node seeded from a stored record, {@link StoredNodes}).
     */
    void adopt(List<Allocation> recorded) {
        allocations = recorded;
        shared = true;
    }

    /** Appends an allocation (copying a shared list first). */
    void add(Allocation a) {
        own();
        allocations.add(a);
    }

    /** Keeps the first {@code n} allocations (undo of the exact search). */
    void truncate(int n) {
        if (allocations.size() <= n) return;
        own();
        while (allocations.size() > n) allocations.remove(allocations.size() - 1);
    }

    private void own() {
        if (!shared) return;
        List<Allocation> mine = new ArrayList<>(allocations.size() + 2);
        mine.addAll(allocations);
        allocations = mine;
        shared = false;
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
