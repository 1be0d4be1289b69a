package dev.gpushare.engine.interop;

import dev.gpushare.model.problem.Problem;

import java.util.List;

/**
 * What an import read: the fragment of everything that translated cleanly, and every problem
 * found (paths are JSON Pointers into the cloud file named by {@link Problem#file()}).
 *
 * @param fragment the translated documents; a document with a problem is left out of it
 * @param problems every problem, in file order; empty when the import is usable as a whole
 */
public record ImportResult(Fragment fragment, List<Problem> problems) {
    public ImportResult {
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return problems.isEmpty();
    }
}
