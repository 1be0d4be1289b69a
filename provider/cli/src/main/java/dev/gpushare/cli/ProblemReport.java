package dev.gpushare.cli;

import dev.gpushare.model.io.Json;
import dev.gpushare.model.io.Printable;
import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.ProblemJson;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Prints the outcome of a validation, in the forms of CONTRACT.md §2: one line per problem
 * ({@code file:line:col: CODE path: message}) and a summary line, or the
 * {@code {"valid", "problems"}} JSON document.
 */
final class ProblemReport {
    /** Shown for a problem that belongs to no file (a spec built in code). */
    static final String NO_FILE = "<spec>";

    private ProblemReport() {}

    /** One problem: {@code file:line:col: CODE path: message}, line/col only when known. */
    static String line(Problem p) {
        StringBuilder sb = new StringBuilder(Objects.requireNonNullElse(p.file(), NO_FILE));
        if (p.location() != null) {
            sb.append(':').append(p.location().line()).append(':').append(p.location().column());
        }
        sb.append(": ").append(p.code()).append(' ').append(p.path().isEmpty() ? "/" : p.path())
          .append(": ").append(p.message());
        // file names and messages may carry what a file or a server sent: printed safely
        return Printable.line(sb.toString());
    }

    /**
     * The text form: every problem, then {@code a.yaml: valid} or
     * {@code 2 problems in 1 file}.
     */
    static String text(List<Path> files, List<Problem> problems) {
        StringBuilder sb = new StringBuilder();
        for (Problem p : problems) sb.append(line(p)).append('\n');
        if (problems.isEmpty()) {
            sb.append(files.stream().map(Path::toString).collect(Collectors.joining(", "))).append(": valid\n");
        } else {
            Set<String> inFiles = new LinkedHashSet<>();
            for (Problem p : problems) inFiles.add(Objects.requireNonNullElse(p.file(), NO_FILE));
            sb.append(plural(problems.size(), "problem")).append(" in ").append(plural(inFiles.size(), "file")).append('\n');
        }
        return sb.toString();
    }

    /**
     * The JSON form: {@code {"valid", "problems": [{"file","path","code","message"}]}}, with
     * {@code line} and {@code column} as extra keys after those four when known.
     */
    static String json(List<Problem> problems) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("valid", problems.isEmpty());
        root.set("problems", ProblemJson.toTree(problems));
        // the same layout as the state document, so outputs diff alike
        return Json.print(root);
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
