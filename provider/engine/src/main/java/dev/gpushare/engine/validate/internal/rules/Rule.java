package dev.gpushare.engine.validate.internal.rules;

import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * One semantic concern of the spec. A rule returns every problem it finds, with paths into the
 * merged spec document; it never throws for a user error, and it tolerates what other rules
 * report (an unknown reference is simply skipped, not reported twice).
 */
public interface Rule {
    List<Problem> check(RuleContext ctx);
}
