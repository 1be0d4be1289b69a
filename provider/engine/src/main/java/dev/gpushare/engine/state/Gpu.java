package dev.gpushare.engine.state;

import dev.gpushare.engine.state.internal.LazyAllocations;

import java.math.BigDecimal;
import java.util.List;

/**
 * One GPU of an instance.
 *
 * @param index       0-based index on the instance
 * @param model       GPU model name
 * @param memoryMiB   usable memory in MiB (total less driver reserve; the slice for FRACTIONAL)
 * @param mode        what the GPU is doing
 * @param fraction    the slice for FRACTIONAL, otherwise {@code null}
 * @param partitions  MIG instances on a MIG GPU, ordered by start; empty otherwise
 * @param allocations the containers on this GPU, ordered by task then container
 */
public record Gpu(
        int index, String model, long memoryMiB, GpuMode mode, BigDecimal fraction,
        List<MigPartition> partitions, List<Allocation> allocations) {
    public Gpu {
        partitions = List.copyOf(partitions);
        // as a store read them, decoded on first use (immutable too); any other list is copied
        if (!(allocations instanceof LazyAllocations)) allocations = List.copyOf(allocations);
    }

    /** MiB its MPS allocations reserve (one without a memory limit reserves none). */
    public long mpsReservedMiB() {
        if (allocations instanceof LazyAllocations stored) return stored.mpsReservedMiB(); // known without decoding them
        long sum = 0;
        for (Allocation a : allocations) if (a.memoryMiB() != null) sum += a.memoryMiB();
        return sum;
    }

    /** MiB of the MIG instances some copy runs on. */
    public long partitionsUsedMiB() {
        long sum = 0;
        for (MigPartition p : partitions) if (runsOn(p)) sum += p.memoryMiB();
        return sum;
    }

    /** True when a copy runs on MIG instance {@code p} of this GPU. */
    public boolean runsOn(MigPartition p) {
        for (Allocation a : allocations) {
            if (a.partition() != null && a.partition().start() == p.start()) return true;
        }
        return false;
    }
}
