package dev.gpushare.engine.cost;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.Price;
import dev.gpushare.engine.catalog.PriceBasis;
import dev.gpushare.model.Pricing;
import dev.gpushare.model.Spec;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What one instance of each type costs per hour, in USD, as the fleet's figures use it: the
 * spec's {@code pricing.prices}, else a declared type's {@code perHour}, else the catalog's
 * On-Demand figure (us-east-1), then less the spec's {@code discountPercent}.
 */
public final class PriceList {
    /** The catalog's region: every built-in price is for it. */
    public static final String CATALOG_REGION = "us-east-1";

    private final Catalog catalog;
    private final Map<String, BigDecimal> overrides;
    private final Pricing pricing;

    private PriceList(Catalog catalog, Pricing pricing) {
        this.catalog = catalog;
        this.pricing = pricing;
        Map<String, BigDecimal> o = new HashMap<>();
        // The validator reports a type priced twice; here the first price wins, as it is reported.
        for (Pricing.InstancePrice p : pricing.prices()) o.putIfAbsent(p.instanceType(), p.perHour());
        this.overrides = Map.copyOf(o);
    }

    /**
     * The prices of a spec.
     *
     * @param catalog the catalog with the spec's declared types ({@link Catalog#withDeclared})
     */
    public static PriceList of(Catalog catalog, Spec spec) {
        return new PriceList(catalog, spec.pricing());
    }

    /** The catalog's prices alone, without a spec (what {@code status} uses when given none). */
    public static PriceList of(Catalog catalog) {
        return new PriceList(catalog, Pricing.NONE);
    }

    /** USD per hour for one instance of the type after the discount, or empty when it has no price. */
    public Optional<BigDecimal> perHour(String instanceType) {
        BigDecimal list = overrides.get(instanceType);
        if (list == null) list = catalog.price(instanceType).map(Price::perHour).orElse(null);
        if (list == null) return Optional.empty();
        if (pricing.discountPercent() == null || pricing.discountPercent().signum() == 0) return Optional.of(list);
        BigDecimal keep = BigDecimal.valueOf(100).subtract(pricing.discountPercent()).movePointLeft(2);
        return Optional.of(UsageJson.plain(list.multiply(keep, MathContext.DECIMAL64).stripTrailingZeros()));
    }

    /** True when a figure the fleet uses is an estimate rather than a price AWS publishes. */
    public boolean estimated(String instanceType) {
        return !overrides.containsKey(instanceType)
                && catalog.price(instanceType).map(p -> p.basis() == PriceBasis.ESTIMATE).orElse(false);
    }

    /** The spec's discount in percent, or {@code null}. */
    public BigDecimal discountPercent() {
        return pricing.discountPercent();
    }

    /** The region the prices are for: the spec's {@code pricing.region}, else the catalog's. */
    public String region() {
        return pricing.region() != null ? pricing.region() : CATALOG_REGION;
    }

    /**
     * Where the figures come from, in a few words, e.g. {@code "On-Demand, us-east-1 catalog prices"}
     * or {@code "eu-west-1 prices from the spec (others: us-east-1 catalog), 12.5% discount"}.
     */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        if (overrides.isEmpty()) {
            sb.append("On-Demand, ").append(CATALOG_REGION).append(" catalog prices");
            if (pricing.region() != null && !pricing.region().equals(CATALOG_REGION)) {
                sb.append(" (the spec names ").append(pricing.region()).append(" but gives no prices for it)");
            }
        } else {
            sb.append(pricing.region() != null ? pricing.region() + " prices" : "prices").append(" from the spec (others: ")
                    .append(CATALOG_REGION).append(" catalog)");
        }
        if (pricing.discountPercent() != null && pricing.discountPercent().signum() > 0) {
            sb.append(", ").append(pricing.discountPercent().toPlainString()).append("% discount");
        }
        return sb.toString();
    }
}
