package dev.gpushare.engine.state;

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
        allocations = List.copyOf(allocations);
    }
}
