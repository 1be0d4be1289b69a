package dev.gpushare.model;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * What GPU a container asks for: exactly one of the forms of CONTRACT.md §1.
 *
 * <p>In the document: an integer ({@link Whole}), {@code "ALL"} ({@link All}), a decimal
 * ({@link Fraction}), {@code {nvidiaMps: {...}}} ({@link NvidiaMps}) or {@code {partition: ...}}
 * ({@link Partition}).
 */
public sealed interface GpuRequirement
        permits GpuRequirement.Whole, GpuRequirement.All, GpuRequirement.Fraction,
                GpuRequirement.NvidiaMps, GpuRequirement.Partition {

    /** {@code count} whole GPUs pinned to the container (count ≥ 1). */
    record Whole(int count) implements GpuRequirement {}

    /** Every GPU of the instance. */
    record All() implements GpuRequirement {}

    /**
     * A fractional GPU (0.125, 0.25 or 0.5 of a GPU); the task goes to a fractional instance of
     * exactly that size. Kept as a {@link BigDecimal} so that {@code 0.25} stays {@code 0.25}.
     */
    record Fraction(BigDecimal value) implements GpuRequirement {
        public Fraction {
            Objects.requireNonNull(value, "value");
            value = value.stripTrailingZeros();
        }
    }

    /**
     * An MPS share of one GPU.
     *
     * @param memoryMiB         GPU memory reserved for the container, in MiB (≥ 1)
     * @param maxComputePercent upper bound on the container's share of the GPU's SM threads, in
     *                          percent (1..100), or {@code null} when not limited (the daemon
     *                          default, 100 %)
     */
    record NvidiaMps(int memoryMiB, Integer maxComputePercent) implements GpuRequirement {}

    /**
     * One MIG instance of the given profile.
     *
     * @param profile the profile name as written (with or without the {@code mig-} prefix)
     */
    record Partition(String profile) implements GpuRequirement {
        public Partition {
            Objects.requireNonNull(profile, "profile");
        }
    }
}
