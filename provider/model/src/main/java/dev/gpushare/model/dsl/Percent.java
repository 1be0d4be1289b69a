package dev.gpushare.model.dsl;

/**
 * A share in percent, e.g. the most of a GPU's SM threads an MPS client may use.
 *
 * <p>A type of its own so that a percent cannot be passed where MiB are wanted. The allowed range
 * of a particular setting (1..100 for {@code maxComputePercent}) is checked by validation; only
 * negative values, which mean nothing, are refused here.
 *
 * @param value the share in percent (≥ 0)
 */
public record Percent(int value) {
    public Percent {
        if (value < 0) {
            throw new IllegalArgumentException("a percentage cannot be negative: " + value + " %");
        }
    }

    /** {@code percent} %. */
    public static Percent of(int percent) {
        return new Percent(percent);
    }

    @Override
    public String toString() {
        return value + " %";
    }
}
