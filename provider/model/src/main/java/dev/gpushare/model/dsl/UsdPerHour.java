package dev.gpushare.model.dsl;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * A price in US dollars per instance-hour, e.g. what one {@code g6.12xlarge} costs.
 *
 * <p>A type of its own so that a price cannot be passed where MiB or a percent are wanted. Kept
 * as the decimal written ({@code "4.6016"}), never a binary double.
 *
 * @param value dollars per hour (≥ 0)
 */
public record UsdPerHour(BigDecimal value) {
    public UsdPerHour {
        Objects.requireNonNull(value, "value");
        if (value.signum() < 0) {
            throw new IllegalArgumentException("a price cannot be negative: " + value.toPlainString() + " USD/hour");
        }
    }

    /** {@code dollars} USD per hour, from its decimal text (e.g. {@code "4.6016"}). */
    public static UsdPerHour of(String dollars) {
        return new UsdPerHour(new BigDecimal(dollars));
    }

    @Override
    public String toString() {
        return value.toPlainString() + " USD/hour";
    }
}
