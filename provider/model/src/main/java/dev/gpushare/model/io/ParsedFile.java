package dev.gpushare.model.io;

import dev.gpushare.model.problem.Problem;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * One spec file as read, before it is checked against the schema.
 *
 * @param file      the file's name as given (shown in problems)
 * @param tree      the document, numbers exact ({@code 0.125} is a decimal node, never a double);
 *                  {@code null} when the file could not be parsed
 * @param locations line and column of every JSON Pointer of {@code tree}
 * @param problems  {@code PARSE_ERROR} (then {@code tree} is null) and {@code DUPLICATE_KEY}
 *                  problems, with paths into this file and locations
 */
public record ParsedFile(String file, JsonNode tree, LocationIndex locations, List<Problem> problems) {
    public ParsedFile {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(locations, "locations");
        problems = List.copyOf(problems);
    }

    /** True when the file was parsed (there may still be duplicate keys). */
    public boolean parsed() {
        return tree != null;
    }
}
