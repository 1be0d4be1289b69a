package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.cost.PoolUsage;
import dev.gpushare.engine.state.Owner;

/**
 * Per pool (capacity provider or endpoint) two outputs from gpushare's plan: {@code <Pool>Instances},
 * the instances its placement needs, and {@code <Pool>CostPerHour}, what they cost per hour in USD
 * (the figure {@code gpushare place} prints; left out when an instance type has no price).
 */
public final class PoolOutputs {
    private PoolOutputs() {}

    public static void add(TemplateBuilder b, Owner owner, String name, String instanceType) {
        int count = b.instances(owner);
        String kind = owner instanceof Owner.Endpoint ? "endpoint" : "capacity provider";
        String base = b.id(name, "");
        b.output(base + "Instances", "Instances of " + instanceType + " that gpushare's placement needs for " + kind + " '" + name + "'.",
                Fn.text(Integer.toString(count)));
        for (PoolUsage p : b.input().usage().pools()) {
            if (!name.equals(owner instanceof Owner.Endpoint ? p.endpoint() : p.capacityProvider())) continue;
            if (p.unpricedInstances() > 0) return;
            b.output(base + "CostPerHour", "What " + kind + " '" + name + "''s " + count + " instances cost per hour, in USD ("
                    + b.input().usage().pricing() + "), as gpushare place prints it.", Fn.text(p.costPerHour().toPlainString()));
            return;
        }
        b.output(base + "CostPerHour", "What " + kind + " '" + name + "''s instances cost per hour, in USD: none are placed.", Fn.text("0"));
    }
}
