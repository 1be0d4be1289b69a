package dev.gpushare.engine.catalog;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Objects;

/**
 * The On-Demand price of one instance type.
 *
 * @param perHour USD per instance-hour (≥ 0), before any spec discount
 * @param basis   where the figure came from
 * @param region  the AWS region the figure is for (e.g. {@code us-east-1}), or {@code null} when the
 *                spec gave a price without a region
 * @param date    when the figure (or the one it derives from) was taken, or {@code null} for a spec price
 * @param source  what the figure is, in words (the catalog's source text, or "spec")
 */
public record Price(BigDecimal perHour, PriceBasis basis, String region, LocalDate date, String source) {
    public Price {
        Objects.requireNonNull(perHour, "perHour");
        Objects.requireNonNull(basis, "basis");
        Objects.requireNonNull(source, "source");
        if (perHour.signum() < 0) throw new IllegalArgumentException("a price is never negative: " + perHour);
    }
}
