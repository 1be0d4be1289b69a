package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.PRICE_FOR_UNKNOWN_INSTANCE_TYPE;
import static dev.gpushare.engine.validate.ValidationCode.PRICE_GIVEN_TWICE;

import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.Pricing;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Every price of {@code pricing.prices} is for a known instance type, and no type is priced twice. */
final class PricingRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        var spec = ctx.spec();
        List<Problem> out = new ArrayList<>();
        // Where each type got its price first: a declared type's perHour, then the prices list.
        Map<String, String> pricedAt = new HashMap<>();
        for (int i = 0; i < spec.instanceTypes().size(); i++) {
            InstanceTypeDef d = spec.instanceTypes().get(i);
            if (d.perHour() != null) pricedAt.putIfAbsent(d.name(), Paths.instanceType(i) + "/perHour");
        }
        List<String> declared = spec.instanceTypes().stream().map(InstanceTypeDef::name).toList();
        List<String> known = new ArrayList<>(ctx.builtIn().instanceTypes().stream().map(InstanceType::name).toList());
        known.addAll(declared);
        List<Pricing.InstancePrice> prices = spec.pricing().prices();
        for (int i = 0; i < prices.size(); i++) {
            String type = prices.get(i).instanceType();
            String path = Paths.price(i) + "/instanceType";
            if (ctx.builtIn().instanceType(type).isEmpty() && !declared.contains(type)) {
                out.add(Problems.of(path, PRICE_FOR_UNKNOWN_INSTANCE_TYPE, "instance type '" + type
                        + "' is not in the catalog" + Suggestions.hint(type, known)
                        + "; price a catalog type (see `gpushare catalog`) or one declared under instanceTypes"));
                continue;
            }
            String first = pricedAt.putIfAbsent(type, Paths.price(i) + "/perHour");
            if (first != null) {
                out.add(Problems.of(path, PRICE_GIVEN_TWICE, "'" + type + "' already has a price at " + first
                        + "; keep one of the two"));
            }
        }
        return out;
    }
}
