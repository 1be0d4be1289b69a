package dev.gpushare.model.problem;

import java.util.Objects;

/**
 * One thing wrong with a spec, as a value: where (a JSON Pointer into the document), what (a
 * stable upper-snake-case code) and what to change (a message for people).
 *
 * @param file     the file the problem is in, or {@code null} when the spec came from no file
 *                 (the DSL, the Pulumi provider)
 * @param path     JSON Pointer into that file's document ({@code ""} for the whole document)
 * @param code     stable, machine-readable, e.g. {@code MPS_MEMORY_EXCEEDS_GPU}; printed as its name
 * @param message  says what is wrong and what to change
 * @param location line and column in the file, or {@code null} when unknown
 */
public record Problem(String file, String path, ProblemCode code, String message, Location location) {
    public Problem {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    /** A problem not yet tied to a file: a path into the (merged) spec. */
    public static Problem at(String path, ProblemCode code, String message) {
        return new Problem(null, path, code, message, null);
    }

    public Problem inFile(String file, Location location) {
        return new Problem(file, path, code, message, location);
    }

    public Problem withPath(String newPath) {
        return new Problem(file, newPath, code, message, location);
    }

    /** A 1-based line and column in a source file. */
    public record Location(int line, int column) {}
}
