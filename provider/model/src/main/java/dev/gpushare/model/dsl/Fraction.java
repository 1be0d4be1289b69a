package dev.gpushare.model.dsl;

import java.math.BigDecimal;

/**
 * The sizes of a fractional GPU that fractional instance types (g6f, gr6f) offer. An enum so that
 * a size no instance offers, such as 0.3, cannot be written.
 */
public enum Fraction {
    /** One eighth of a GPU (0.125). */
    EIGHTH("0.125"),
    /** One quarter of a GPU (0.25). */
    QUARTER("0.25"),
    /** Half a GPU (0.5). */
    HALF("0.5");

    private final BigDecimal value;

    Fraction(String value) {
        this.value = new BigDecimal(value);
    }

    /** The share of one GPU, exactly as the spec writes it (e.g. {@code 0.25}). */
    public BigDecimal value() {
        return value;
    }
}
