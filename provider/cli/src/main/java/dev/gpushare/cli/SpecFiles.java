package dev.gpushare.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code FILE...} arguments of a command, checked before anything is parsed: a missing,
 * unreadable or directory argument is a usage error (exit 2), not a spec problem (exit 1).
 */
final class SpecFiles {
    private SpecFiles() {}

    /** Every unusable file is named at once, as the validator does for problems. */
    static List<Path> readable(List<Path> files) {
        if (files == null || files.isEmpty()) {
            throw UserError.usage("no spec file given; pass one or more YAML or JSON files, e.g. gpushare validate spec.yaml");
        }
        List<String> errors = new ArrayList<>();
        for (Path f : files) {
            if (!Files.exists(f)) {
                errors.add(f + ": no such file; check the path (it is relative to " + Path.of("").toAbsolutePath() + ")");
            } else if (Files.isDirectory(f)) {
                errors.add(f + ": is a directory; pass the spec files inside it, e.g. " + f.resolve("spec.yaml"));
            } else if (!Files.isReadable(f)) {
                errors.add(f + ": not readable; check its permissions");
            }
        }
        if (!errors.isEmpty()) throw UserError.usage(String.join("\n", errors));
        return List.copyOf(files);
    }
}
