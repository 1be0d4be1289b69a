package dev.gpushare.model;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * How the spec prices its fleet: the built-in catalog carries On-Demand prices of one region
 * (us-east-1); this section replaces some of them (another region, a negotiated rate) and takes a
 * discount off all of them (a Savings Plan, an Enterprise Discount).
 *
 * @param region          the region the given prices are for (e.g. {@code eu-west-1}), shown with
 *                        the cost; {@code null} when not given
 * @param discountPercent percent taken off every price, catalog and given alike (0 ≤ d &lt; 100), or
 *                        {@code null} for none
 * @param prices          per instance type, the price that replaces the catalog's; in the user's order
 */
public record Pricing(String region, BigDecimal discountPercent, List<InstancePrice> prices) {
    /** No section: catalog prices, no discount. */
    public static final Pricing NONE = new Pricing(null, null, List.of());

    public Pricing {
        discountPercent = discountPercent == null ? null : discountPercent.stripTrailingZeros();
        prices = List.copyOf(prices);
    }

    /** True when the section says nothing (the catalog's prices apply as they are). */
    public boolean isNone() {
        return region == null && discountPercent == null && prices.isEmpty();
    }

    /**
     * The price of one instance type.
     *
     * @param instanceType a catalog name or a declared type
     * @param perHour      USD per instance-hour (≥ 0)
     */
    public record InstancePrice(String instanceType, BigDecimal perHour) {
        public InstancePrice {
            Objects.requireNonNull(instanceType, "instanceType");
            Objects.requireNonNull(perHour, "perHour");
            perHour = perHour.stripTrailingZeros();
        }
    }
}
