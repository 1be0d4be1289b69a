package dev.gpushare.engine.validate.internal.rules;

import dev.gpushare.engine.validate.SpecLimits;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/** The spec asks for no more than {@link SpecLimits#DEFAULT} (copies, instances up front). */
final class SizeLimitRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return SpecLimits.DEFAULT.check(ctx.spec());
    }
}
