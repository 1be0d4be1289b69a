package dev.gpushare.model.io;

import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import java.util.List;
import java.util.Objects;

/**
 * The spec bound from one or more files.
 *
 * @param spec     the merged spec, or {@code null} when no spec can be built (no file, or a file
 *                 that was not parsed); a spec with duplicate names or a cluster mismatch is still
 *                 built so that the semantic checks can report everything else at once
 * @param problems {@code DUPLICATE_NAME}, {@code CLUSTER_MISMATCH}, ... already tied to their file,
 *                 path in that file and line (see {@link ReadCode})
 * @param sources  maps paths into the merged spec back to the files
 */
public record ReadResult(Spec spec, List<Problem> problems, SourceMap sources) {
    public ReadResult {
        problems = List.copyOf(problems);
        Objects.requireNonNull(sources, "sources");
    }
}
