package dev.gpushare.cli;

import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.model.Spec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Reads and validates the spec files of plan/apply; problems are printed as validate prints them. */
final class SpecInput {
    private SpecInput() {}

    /** The valid spec, or {@code null} after printing its problems to {@code err}. */
    static Spec read(List<Path> files, boolean json, PrintWriter err) {
        List<Path> checked = SpecFiles.readable(files);
        var report = SpecValidator.validateFiles(checked);
        if (report.problems().isEmpty()) return report.spec();
        Print.document(err, json ? ProblemReport.json(report.problems()) : ProblemReport.text(checked, report.problems()));
        return null;
    }
}
