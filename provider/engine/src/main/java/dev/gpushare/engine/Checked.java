package dev.gpushare.engine;

import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.SpecException;
import java.util.List;
import java.util.Objects;

/**
 * The first stage of the {@link Pipeline}: a spec that is valid and resolved, or every problem it
 * has. Switch on it, or call {@link #orThrow()} where an exception is the API's way.
 */
public sealed interface Checked permits Checked.Valid, Checked.Invalid {

    /** Every problem found; empty exactly when {@link Valid}. */
    List<Problem> problems();

    /** The resolved spec, or {@link SpecException} with every problem. */
    ResolvedSpec orThrow();

    /** The spec has no problem; {@code spec} is what the later stages read. */
    record Valid(ResolvedSpec spec) implements Checked {
        public Valid {
            Objects.requireNonNull(spec, "spec");
        }

        @Override
        public List<Problem> problems() {
            return List.of();
        }

        @Override
        public ResolvedSpec orThrow() {
            return spec;
        }
    }

    /**
     * The spec has problems, ordered by file, path and code.
     *
     * @param partial what could be bound (files with structural problems left out), or {@code null}
     */
    record Invalid(List<Problem> problems, Spec partial) implements Checked {
        public Invalid {
            problems = List.copyOf(problems);
            if (problems.isEmpty()) throw new IllegalArgumentException("an invalid spec has problems");
        }

        @Override
        public ResolvedSpec orThrow() {
            throw new SpecException(problems);
        }
    }
}
