package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.MIN_EXCEEDS_MAX;

import dev.gpushare.model.problem.Problem;
import java.util.List;

/** A capacity provider's minInstances ≤ maxInstances. */
final class CapacityBoundsRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return Each.entry(ctx.spec().capacityProviders(), (i, p, out) -> {
            if (p.minInstances() > p.maxInstances()) {
                out.add(Problems.of(Paths.provider(i) + "/minInstances", MIN_EXCEEDS_MAX,
                        "capacity provider '" + p.name() + "' has minInstances " + p.minInstances()
                                + " above maxInstances " + p.maxInstances()
                                + "; lower minInstances or raise maxInstances"));
            }
        });
    }
}
