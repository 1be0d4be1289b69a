package dev.gpushare.model.dsl;

/**
 * An amount of memory in mebibytes (MiB, 1 MiB = 1,048,576 bytes): GPU memory or host memory.
 *
 * <p>A type of its own so that a method asking for memory cannot be given a percent or CPU units.
 * Whether an amount is sensible (fits the GPU, is at least the minimum) is validation's business;
 * only negative amounts, which mean nothing, are refused here.
 *
 * @param value the amount in MiB (≥ 0)
 */
public record Mib(int value) {
    private static final int MIB_PER_GIB = 1024;

    public Mib {
        if (value < 0) {
            throw new IllegalArgumentException("memory cannot be negative: " + value + " MiB");
        }
    }

    /** {@code mib} MiB. */
    public static Mib of(int mib) {
        return new Mib(mib);
    }

    /** {@code gib} GiB, converted to MiB (× 1024). */
    public static Mib gib(int gib) {
        if (gib < 0) {
            throw new IllegalArgumentException("memory cannot be negative: " + gib + " GiB");
        }
        return new Mib(Math.multiplyExact(gib, MIB_PER_GIB));
    }

    @Override
    public String toString() {
        return value + " MiB";
    }
}
