package dev.gpushare.engine.validate;

import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * The outcome of validating a spec.
 *
 * @param spec     the bound spec; {@code null} when none could be bound. When problems were found
 *                 it may be partial (files with structural problems are left out) — use it only
 *                 when {@link #valid()}
 * @param problems every problem found, ordered by file, then path, then code
 * @param resolved {@code spec} resolved against the catalog, as the rules read it (null with spec)
 */
public record ValidationReport(Spec spec, List<Problem> problems, ResolvedSpec resolved) {
    public ValidationReport {
        problems = List.copyOf(problems);
    }

    public boolean valid() {
        return problems.isEmpty();
    }
}
