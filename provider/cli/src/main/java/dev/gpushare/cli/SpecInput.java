package dev.gpushare.cli;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.resolve.ResolvedSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Reads and checks the spec files of place/plan/apply/advise/export; problems are printed as validate prints them. */
final class SpecInput {
    private SpecInput() {}

    /** The valid, resolved spec, or {@code null} after printing its problems to {@code err}. */
    static ResolvedSpec read(List<Path> files, boolean json, PrintWriter err) {
        List<Path> readable = SpecFiles.readable(files);
        return switch (Pipeline.check(readable)) {
            case Checked.Valid v -> v.spec();
            case Checked.Invalid i -> {
                Print.document(err, json ? ProblemReport.json(i.problems()) : ProblemReport.text(readable, i.problems()));
                yield null;
            }
        };
    }
}
