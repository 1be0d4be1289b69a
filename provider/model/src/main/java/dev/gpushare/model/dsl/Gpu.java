package dev.gpushare.model.dsl;

import dev.gpushare.model.GpuRequirement;
import java.util.Objects;

/**
 * The GPU requirement of a container: one of {@link #whole(int)}, {@link #all()},
 * {@link #fraction(Fraction)}, {@link #mps(Mib)}, {@link #mps(Mib, Percent)} or
 * {@link #partition(MigProfileName)}.
 *
 * <p>Only these factories make one, so the DSL cannot express a requirement the document form
 * cannot (a fraction of 0.3, memory given in percent). Which strategy allows which form is checked
 * by validation.
 */
public final class Gpu extends ModelValue<GpuRequirement> {
    private Gpu(GpuRequirement requirement) {
        super(requirement);
    }

    /** {@code count} whole GPUs pinned to the container (the spec's integer form). */
    public static Gpu whole(int count) {
        return new Gpu(new GpuRequirement.Whole(count));
    }

    /** Every GPU of the instance (the spec's {@code "ALL"}). */
    public static Gpu all() {
        return new Gpu(new GpuRequirement.All());
    }

    /** A fractional GPU of the given size; the task goes to a fractional instance of that size. */
    public static Gpu fraction(Fraction size) {
        return new Gpu(new GpuRequirement.Fraction(Objects.requireNonNull(size, "size").value()));
    }

    /** An MPS share of one GPU reserving {@code memory} of GPU memory, compute not limited. */
    public static Gpu mps(Mib memory) {
        return new Gpu(new GpuRequirement.NvidiaMps(Objects.requireNonNull(memory, "memory").value(), null));
    }

    /**
     * An MPS share of one GPU reserving {@code memory} of GPU memory and using at most
     * {@code maxCompute} of its SM threads.
     */
    public static Gpu mps(Mib memory, Percent maxCompute) {
        return new Gpu(new GpuRequirement.NvidiaMps(
                Objects.requireNonNull(memory, "memory").value(),
                Objects.requireNonNull(maxCompute, "maxCompute").value()));
    }

    /** One MIG instance of the given profile. */
    public static Gpu partition(MigProfileName profile) {
        return new Gpu(new GpuRequirement.Partition(Objects.requireNonNull(profile, "profile").name()));
    }

    /** One MIG instance of the profile named {@code profile} (e.g. {@code "3g.40gb"}). */
    public static Gpu partition(String profile) {
        return partition(MigProfileName.of(profile));
    }
}
