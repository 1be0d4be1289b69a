package dev.gpushare.engine.placement.internal;

import java.math.BigDecimal;

/** What one GPU container of a copy needs, resolved against its pool. */
sealed interface Need {
    /** An MPS share: {@code memoryMiB} reserved, {@code maxComputePercent} a limit or null. */
    record Mps(long memoryMiB, Integer maxComputePercent) implements Need {}

    /**
     * Whole GPUs, dedicated (ALL is resolved to the instance's GPU count).
     *
     * @param minGpuMemoryMiB GPU memory a copy needs (inference components), 0 when not given
     */
    record Whole(int count, long minGpuMemoryMiB) implements Need {}

    /** The slice of a fractional instance of exactly this size. */
    record Fraction(BigDecimal value) implements Need {}

    /** One MIG instance of the profile (name without {@code mig-}). */
    record Partition(String profile) implements Need {}

    /** Time-slicing replicas on {@code count} distinct GPUs. */
    record Slots(int count) implements Need {}
}
