package dev.gpushare.model.io.internal;

import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.ReadCode;
import dev.gpushare.model.problem.Problem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Typed reads of a schema-valid tree. A value of the wrong shape is a bug (the schema passed it);
 * a whole number too large for the record is a user error, reported as a problem.
 */
final class Fields {
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);

    private final ParsedFile file;
    private final List<Problem> problems;

    Fields(ParsedFile file, List<Problem> problems) {
        this.file = file;
        this.problems = problems;
    }

    ParsedFile file() {
        return file;
    }

    static JsonNode required(JsonNode n, String field, String path) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) throw notValid(path, field, "missing");
        return v;
    }

    static String text(JsonNode n, String field, String path) {
        JsonNode v = required(n, field, path);
        if (!v.isString()) throw notValid(path, field, "not a string: " + v);
        return v.stringValue();
    }

    /** A boolean; {@code false} when absent. */
    static boolean bool(JsonNode n, String field, String path) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) return false;
        if (!v.isBoolean()) throw notValid(path, field, "not a boolean: " + v);
        return v.booleanValue();
    }

    static String optText(JsonNode n, String field, String path) {
        return n.hasNonNull(field) ? text(n, field, path) : null;
    }

    static List<String> optTextList(JsonNode n, String field, String path) {
        if (!n.hasNonNull(field)) return null;
        JsonNode a = n.get(field);
        if (!a.isArray()) throw notValid(path, field, "not a list: " + a);
        List<String> out = new ArrayList<>();
        for (JsonNode item : a) {
            if (!item.isString()) throw notValid(path, field, "not a string: " + item);
            out.add(item.stringValue());
        }
        return out;
    }

    /** A number kept exactly as written ({@code 5.21} stays 5.21), or {@code null} when absent. */
    static BigDecimal optDecimal(JsonNode n, String field, String path) {
        if (!n.hasNonNull(field)) return null;
        JsonNode v = n.get(field);
        if (!v.isNumber()) throw notValid(path, field, "not a number: " + v);
        return v.decimalValue();
    }

    /** A required integer, or {@code dflt} when absent and a default exists. */
    int integer(JsonNode n, String field, String path, Integer dflt) {
        if (!n.hasNonNull(field)) {
            if (dflt != null) return dflt;
            throw notValid(path, field, "missing");
        }
        return intValue(n.get(field), JsonPointers.append(path, field));
    }

    Integer optInteger(JsonNode n, String field, String path) {
        return n.hasNonNull(field) ? intValue(n.get(field), JsonPointers.append(path, field)) : null;
    }

    int intValue(JsonNode v, String path) {
        if (!v.isNumber() || !isIntegral(v)) throw new IllegalArgumentException(path + ": not schema-valid: " + v);
        BigDecimal d = v.decimalValue();
        if (d.compareTo(INT_MAX) > 0 || d.compareTo(INT_MIN) < 0) {
            problems.add(new Problem(file.file(), path, ReadCode.NUMBER_OUT_OF_RANGE,
                    "the number " + v + " is too large; use at most " + Integer.MAX_VALUE, file.locations().locate(path)));
            return 0;
        }
        return d.intValueExact();
    }

    long longValue(JsonNode n, String field, String path) {
        JsonNode v = required(n, field, path);
        if (!v.isNumber() || !isIntegral(v)) throw notValid(path, field, "not an integer: " + v);
        BigDecimal d = v.decimalValue();
        if (d.compareTo(LONG_MAX) > 0 || d.compareTo(LONG_MIN) < 0) {
            String at = JsonPointers.append(path, field);
            problems.add(new Problem(file.file(), at, ReadCode.NUMBER_OUT_OF_RANGE,
                    "the number " + v + " is too large; use at most " + Long.MAX_VALUE, file.locations().locate(at)));
            return 0;
        }
        return d.longValueExact();
    }

    static boolean isIntegral(JsonNode v) {
        if (v.isIntegralNumber()) return true;
        BigDecimal d = v.decimalValue();
        return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
    }

    private static IllegalArgumentException notValid(String path, String field, String what) {
        return new IllegalArgumentException(
                "bind needs a schema-valid tree: " + JsonPointers.append(path, field) + " " + what);
    }
}
