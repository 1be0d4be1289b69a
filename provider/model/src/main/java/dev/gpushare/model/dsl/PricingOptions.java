package dev.gpushare.model.dsl;

import dev.gpushare.model.Pricing;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The spec's {@code pricing} section, given to {@link ClusterBuilder#pricing} as
 * {@code p -> p.region("eu-west-1").discountPercent("20").price("g6.12xlarge", UsdPerHour.of("5.21"))}.
 * Immutable: each setter returns a new value.
 */
public final class PricingOptions {
    static final PricingOptions DEFAULTS = new PricingOptions(null, null, List.of());

    private final String region;
    private final BigDecimal discountPercent;
    private final List<Pricing.InstancePrice> prices;

    private PricingOptions(String region, BigDecimal discountPercent, List<Pricing.InstancePrice> prices) {
        this.region = region;
        this.discountPercent = discountPercent;
        this.prices = List.copyOf(prices);
    }

    /** The region the given prices are for, shown with the cost (e.g. {@code eu-west-1}). */
    public PricingOptions region(String region) {
        return new PricingOptions(Objects.requireNonNull(region, "region"), discountPercent, prices);
    }

    /** Percent off every price, catalog and given alike, as a decimal text ({@code "12.5"}); 0 ≤ d &lt; 100. */
    public PricingOptions discountPercent(String percent) {
        return new PricingOptions(region, new BigDecimal(Objects.requireNonNull(percent, "percent")), prices);
    }

    /** The price of a catalog instance type, replacing the catalog's. */
    public PricingOptions price(String instanceType, UsdPerHour perHour) {
        List<Pricing.InstancePrice> more = new ArrayList<>(prices);
        more.add(new Pricing.InstancePrice(Objects.requireNonNull(instanceType, "instanceType"),
                Objects.requireNonNull(perHour, "perHour").value()));
        return new PricingOptions(region, discountPercent, more);
    }

    /** The price of a declared instance type. */
    public PricingOptions price(InstanceTypeRef instanceType, UsdPerHour perHour) {
        return price(Objects.requireNonNull(instanceType, "instanceType").name(), perHour);
    }

    Pricing toModel() {
        return new Pricing(region, discountPercent, prices);
    }
}
