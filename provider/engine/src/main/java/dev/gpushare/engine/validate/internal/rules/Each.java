package dev.gpushare.engine.validate.internal.rules;

import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/** The loops rules share: over a spec list's entries with their indexes, and over the uses of whole-GPU types. */
final class Each {
    private Each() {}

    /** Checks one entry of a spec list; {@code index} is its position there (for the problem's path). */
    interface EntryCheck<T> {
        void check(int index, T entry, List<Problem> out);
    }

    /** Checks one use of a task definition on a provider. */
    interface UseCheck {
        void check(RuleContext.Use use, List<Problem> out);
    }

    /** The problems {@code check} finds in the entries, in list order. */
    static <T> List<Problem> entry(List<T> entries, EntryCheck<T> check) {
        List<Problem> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) check.check(i, entries.get(i), out);
        return out;
    }

    /** The problems {@code check} finds in the uses, in service order; fractional types are {@link FractionRule}'s. */
    static List<Problem> wholeTypeUse(RuleContext ctx, UseCheck check) {
        List<Problem> out = new ArrayList<>();
        for (var use : ctx.uses()) {
            if (!use.hardware().type().fractional()) check.check(use, out);
        }
        return out;
    }
}
