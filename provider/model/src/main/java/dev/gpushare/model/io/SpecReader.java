package dev.gpushare.model.io;

import dev.gpushare.model.io.internal.SpecBinder;
import dev.gpushare.model.io.internal.TreeBuilder;
import dev.gpushare.model.io.internal.Utf8Text;
import dev.gpushare.model.problem.Problem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Reads spec files (YAML or JSON) in two steps, so that the schema check can sit in between:
 * {@link #parse} gives each file's tree with line/column of every path, {@link #bind} turns
 * schema-valid trees into one merged {@link dev.gpushare.model.Spec}.
 */
public final class SpecReader {
    /**
     * {@code maxInstances} of a capacity provider whose document leaves it out: no limit, the pool
     * grows as far as placement needs.
     */
    public static final int NO_INSTANCE_LIMIT = Integer.MAX_VALUE;

    /**
     * The longest string (a value or a key) a spec file may hold, in characters: far above any
     * name, image reference or profile, and small enough that no scalar costs noticeable time.
     */
    public static final int MAX_STRING_LENGTH = 65_536;

    /** The largest spec file read, in bytes (64 MiB; a spec of a very large fleet is about 10 MB). */
    public static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

    private SpecReader() {}

    /**
     * Reads and parses one file. The syntax follows the extension ({@code .json}, or
     * {@code .yaml}/{@code .yml}), else the content.
     *
     * @throws UncheckedIOException when the file cannot be read (the caller's usage error, not a
     *                              spec problem)
     */
    public static ParsedFile parse(Path file) {
        String name = file.toString();
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                return unreadable(name, ReadCode.FILE_TOO_LARGE, new Problem.Location(1, 1), "the file is " + size
                        + " bytes; gpushare reads spec files of at most " + MAX_FILE_BYTES + " bytes (64 MiB): split the"
                        + " spec into several files or several clusters");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return switch (Utf8Text.decode(bytes)) {
            case Utf8Text.Decoded.Text t -> parse(name, t.text());
            case Utf8Text.Decoded.NotUtf8 n -> unreadable(name, ReadCode.NOT_UTF8, n.at(), n.message());
        };
    }

    /**
     * The NOT_UTF8 problem of bytes that are not UTF-8 text (a request body, a file read elsewhere),
     * or empty when they are.
     */
    public static java.util.Optional<Problem> notUtf8(String fileName, byte[] bytes) {
        if (Utf8Text.decode(bytes) instanceof Utf8Text.Decoded.NotUtf8 n) {
            return java.util.Optional.of(new Problem(fileName, "", ReadCode.NOT_UTF8, n.message(), n.at()));
        }
        return java.util.Optional.empty();
    }

    private static ParsedFile unreadable(String file, ReadCode code, Problem.Location at, String message) {
        return new ParsedFile(file, null, LocationIndex.EMPTY, List.of(new Problem(file, "", code, message, at)));
    }

    /** Parses {@code text}, named {@code fileName} in problems. */
    public static ParsedFile parse(String fileName, String text) {
        return TreeBuilder.build(fileName, text, isYaml(fileName, text));
    }

    /**
     * Parses a JSON document this program wrote ({@link SpecWriter}), such as a store's copy of a
     * spec: the tree {@link #parse} gives, without the line and column of every value (the file's
     * location index is empty, and a problem, which only an altered document has, is the document's:
     * path {@code ""}, the key in its message). About half the time of {@link #parse} for a large spec.
     */
    public static ParsedFile parseWritten(String fileName, String json) {
        return TreeBuilder.buildWritten(fileName, json);
    }

    /**
     * Binds schema-valid trees (see {@code SchemaValidator}) into one spec: sections concatenated
     * in file order, defaults filled in, duplicate names and cluster mismatches reported.
     */
    public static ReadResult bind(List<ParsedFile> files) {
        return SpecBinder.bind(files);
    }

    private static boolean isYaml(String fileName, String text) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".json")) return false;
        if (name.endsWith(".yaml") || name.endsWith(".yml")) return true;
        String t = text.stripLeading();
        // JSON documents start with an object or array; anything else is read as YAML.
        return !(t.startsWith("{") || t.startsWith("["));
    }

    /** The problems of a set of parsed files, in file order. */
    public static List<Problem> problemsOf(List<ParsedFile> files) {
        return files.stream().flatMap(f -> f.problems().stream()).toList();
    }
}
