package dev.gpushare.engine.interop.internal;

import dev.gpushare.engine.interop.InteropCode;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;

/**
 * Reading and writing the JSON of cloud requests (ECS task definitions, SageMaker requests).
 * These files are not gpushare specs, so they get their own small reader: strict JSON, duplicate
 * keys refused, numbers kept exact.
 */
public final class CloudJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private CloudJson() {}

    /** The parsed tree, or {@code null} after adding a {@code PARSE_ERROR} to {@code findings}. */
    public static JsonNode parse(String text, Findings findings) {
        try {
            JsonNode tree = MAPPER.readTree(text);
            if (tree == null || tree.isMissingNode()) {
                findings.add("", InteropCode.PARSE_ERROR, "The file is empty; give a JSON document.");
                return null;
            }
            return tree;
        } catch (JacksonException e) {
            String where = e.getLocation() == null ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            findings.add("", InteropCode.PARSE_ERROR, "Not valid JSON" + where + ": " + e.getOriginalMessage());
            return null;
        }
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static JsonNode text(String value) {
        return tools.jackson.databind.node.JsonNodeFactory.instance.stringNode(value);
    }

    public static tools.jackson.databind.node.ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    /** Pretty JSON with a trailing newline. */
    public static String write(JsonNode node) {
        return MAPPER.writeValueAsString(node) + "\n";
    }

    /**
     * A whole number given as a JSON number or a numeric string (cloud APIs and the files people
     * keep use both), or {@code null} when it is neither.
     */
    public static Long wholeNumber(JsonNode node) {
        BigDecimal d = decimal(node);
        if (d == null) return null;
        try {
            return d.stripTrailingZeros().longValueExact();
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** A decimal given as a JSON number or a numeric string, or {@code null}. */
    public static BigDecimal decimal(JsonNode node) {
        if (node == null) return null;
        if (node.isNumber()) return node.decimalValue();
        if (node.isString()) {
            String s = node.stringValue().trim();
            if (!s.matches("[0-9]+(\\.[0-9]+)?")) return null;
            return new BigDecimal(s);
        }
        return null;
    }

    /** The string value of a JSON string, or {@code null} for anything else. */
    public static String string(JsonNode node) {
        return node != null && node.isString() ? node.stringValue() : null;
    }
}
