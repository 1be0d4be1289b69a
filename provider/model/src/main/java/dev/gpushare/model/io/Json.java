package dev.gpushare.model.io;

import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the JSON documents gpushare writes share: records mapped to objects (components in
 * declaration order, so a document's key order is its record's; enums as their constant's name),
 * and the print form of the state document and the validation report.
 */
public final class Json {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(EnumFeature.WRITE_ENUMS_USING_TO_STRING)
            .build();
    private static final JsonMapper MAPPER_WITHOUT_NULLS = MAPPER.rebuild()
            .changeDefaultPropertyInclusion(i -> i.withValueInclusion(JsonInclude.Include.NON_NULL))
            .build();
    // "key": value and [] / {} for empty containers: the form people expect to read and diff.
    private static final DefaultIndenter INDENT = new DefaultIndenter("  ", "\n");
    private static final ObjectWriter PRETTY = MAPPER.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET).with(new DefaultPrettyPrinter(
            Separators.createDefaultInstance()
                    .withObjectNameValueSpacing(Separators.Spacing.AFTER)
                    .withArrayEmptySeparator("")
                    .withObjectEmptySeparator(""))
            .withArrayIndenter(INDENT)
            .withObjectIndenter(INDENT));

    private Json() {}

    /** A record (or a list or map of them) as a tree; a {@code null} component is written as {@code null}. */
    public static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /** As {@link #tree}, but a {@code null} component is left out (the spec's optional values). */
    public static JsonNode treeWithoutNulls(Object value) {
        return MAPPER_WITHOUT_NULLS.valueToTree(value);
    }

    /** Two-space indented, {@code "key": value}, {@code []} for an empty list, with a trailing newline. */
    public static String print(JsonNode tree) {
        return PRETTY.writeValueAsString(tree) + "\n";
    }

    /**
     * {@link #print(JsonNode)} written straight to {@code out} (left open), without the document as
     * one string first: the same characters, for documents of tens of megabytes (a large fleet's
     * state).
     */
    public static void print(JsonNode tree, java.io.Writer out) throws java.io.IOException {
        PRETTY.writeValue(out, tree);
        out.write('\n');
    }

    /**
     * A generator that writes {@code out} (left open) in {@link #print(JsonNode)}'s form, for a
     * document written value by value instead of built as a tree first (the state document of a
     * large fleet): the same characters as printing the equal tree. The caller ends the document
     * with a newline, closes the generator and flushes {@code out}.
     */
    public static tools.jackson.core.JsonGenerator printer(java.io.Writer out) {
        return PRETTY.createGenerator(out);
    }
}
