package dev.gpushare.cli;

import dev.gpushare.engine.resolve.ResolvedSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Parameters;

/**
 * The {@code FILE...} spec files of the commands that read one spec ({@code @Mixin}): place,
 * plan, advise capacity, render kubernetes and export. (validate, apply and advise describe their
 * files in their own words, render resources calls them SPEC.)
 */
final class SpecFilesParameter {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Spec files (YAML or JSON), merged in the order given.")
    private List<Path> files;

    /** The valid, resolved spec, or {@code null} after printing its problems ({@link SpecInput#read}). */
    ResolvedSpec read(boolean json, PrintWriter err) {
        return SpecInput.read(files, json, err);
    }

    /** The files as they were given, for a message that suggests a command line. */
    String asArguments() {
        return String.join(" ", files.stream().map(Path::toString).toList());
    }
}
