package dev.gpushare.model.io;

import dev.gpushare.model.io.internal.SpecBinder;
import dev.gpushare.model.io.internal.TreeBuilder;
import dev.gpushare.model.problem.Problem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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

    private SpecReader() {}

    /**
     * Reads and parses one file. The syntax follows the extension ({@code .json}, or
     * {@code .yaml}/{@code .yml}), else the content.
     *
     * @throws UncheckedIOException when the file cannot be read (the caller's usage error, not a
     *                              spec problem)
     */
    public static ParsedFile parse(Path file) {
        try {
            return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses {@code text}, named {@code fileName} in problems. */
    public static ParsedFile parse(String fileName, String text) {
        return TreeBuilder.build(fileName, text, isYaml(fileName, text));
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
