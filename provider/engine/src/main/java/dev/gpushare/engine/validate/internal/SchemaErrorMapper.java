package dev.gpushare.engine.validate.internal;

import com.networknt.schema.Error;
import com.networknt.schema.path.NodePath;
import dev.gpushare.engine.validate.SchemaCode;
import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import tools.jackson.databind.JsonNode;

/**
 * Turns the validator's errors into problems people can act on: one problem per mistake, at the
 * path of the offending property, with a message that says what to write instead.
 *
 * <p>A failed {@code oneOf} reports every branch's errors; this keeps only those of the branch the
 * document evidently meant (the one whose {@code strategy} const matches, or whose only required
 * key is present), and otherwise reports one problem that lists the allowed forms.
 */
public final class SchemaErrorMapper {
    private static final int MAX_VALUE_CHARS = 60;

    private final JsonNode schemaRoot;

    public SchemaErrorMapper(JsonNode schemaRoot) {
        this.schemaRoot = schemaRoot;
    }

    /**
     * Problems for {@code errors} (not yet deduplicated or sorted). A misspelt required property
     * is reported once, as the unknown property with its "did you mean", not also as missing.
     */
    public List<Problem> map(List<Error> errors) {
        Set<String> suggested = new HashSet<>();
        List<Problem> all = map(errors, suggested);
        return all.stream()
                .filter(p -> !(p.code() == SchemaCode.SCHEMA_REQUIRED && suggested.contains(p.path())))
                .toList();
    }

    private List<Problem> map(List<Error> errors, Set<String> suggested) {
        List<Problem> out = new ArrayList<>();
        List<Error> oneOfs = errors.stream().filter(e -> "oneOf".equals(e.getKeyword())).toList();
        Set<Error> claimed = new HashSet<>();
        for (Error o : oneOfs) {
            if (oneOfs.stream().anyMatch(outer -> outer != o && belongsTo(o, outer))) continue;
            List<Error> members = errors.stream().filter(e -> e != o && belongsTo(e, o)).toList();
            claimed.add(o);
            claimed.addAll(members);
            out.addAll(collapse(o, members, suggested));
        }
        for (Error e : errors) {
            if (!claimed.contains(e)) out.add(single(e, suggested));
        }
        return out;
    }

    // An error is part of a oneOf when it was raised inside one of its branches for the same value.
    private static boolean belongsTo(Error e, Error oneOf) {
        String inst = pointer(oneOf.getInstanceLocation());
        String ei = pointer(e.getInstanceLocation());
        return e.getEvaluationPath().toString().startsWith(oneOf.getEvaluationPath() + "/")
                && (ei.equals(inst) || ei.startsWith(inst + "/"));
    }

    private static int branchOf(Error e, Error oneOf) {
        String rest = e.getEvaluationPath().toString().substring(oneOf.getEvaluationPath().toString().length() + 1);
        int slash = rest.indexOf('/');
        return Integer.parseInt(slash < 0 ? rest : rest.substring(0, slash));
    }

    private List<Problem> collapse(Error o, List<Error> members, Set<String> suggested) {
        String path = pointer(o.getInstanceLocation());
        JsonNode value = o.getInstanceNode();
        JsonNode branches = o.getSchemaNode();
        if (members.isEmpty()) {
            return List.of(problem(path, SchemaCode.SCHEMA_INVALID,
                    label(path) + " matches more than one of its allowed forms; " + o.getMessage()));
        }
        String discriminator = discriminator(branches);
        if (discriminator != null) {
            String dPath = JsonPointers.append(path, discriminator);
            List<String> consts = StreamSupport.stream(branches.spliterator(), false)
                    .map(b -> b.get("properties").get(discriminator).get("const").asString()).toList();
            if (value == null || !value.isObject()) {
                return List.of(problem(path, SchemaCode.SCHEMA_TYPE, label(path) + " must be a mapping with `"
                        + discriminator + "` (one of " + String.join(", ", consts) + "); got " + kindOf(value)));
            }
            JsonNode d = value.get(discriminator);
            if (d == null) {
                return List.of(problem(dPath, SchemaCode.SCHEMA_REQUIRED,
                        "add `" + discriminator + "`: one of " + String.join(", ", consts)));
            }
            int k = consts.indexOf(d.isString() ? d.stringValue() : null);
            if (k < 0) {
                return List.of(problem(dPath, SchemaCode.SCHEMA_ENUM, "`" + discriminator + "` must be one of "
                        + String.join(", ", consts) + "; got " + show(d)));
            }
            return map(members.stream().filter(e -> branchOf(e, o) == k).toList(), suggested);
        }
        if (value != null && value.isObject()) {
            List<Integer> keyed = new ArrayList<>();
            for (int i = 0; i < branches.size(); i++) {
                JsonNode required = branches.get(i).get("required");
                if (required == null) continue;
                for (JsonNode r : required) {
                    if (value.has(r.asString())) {
                        keyed.add(i);
                        break;
                    }
                }
            }
            if (keyed.size() == 1) {
                int k = keyed.get(0);
                return map(members.stream().filter(e -> branchOf(e, o) == k).toList(), suggested);
            }
        }
        String forms = StreamSupport.stream(branches.spliterator(), false)
                .map(b -> b.has("title") ? b.get("title").asString() : b.toString())
                .collect(Collectors.joining(", "));
        return List.of(problem(path, SchemaCode.SCHEMA_ONE_OF,
                label(path) + " must be one of: " + forms + "; got " + show(value)));
    }

    // The property that every branch fixes with a const, e.g. gpuSharing's strategy.
    private static String discriminator(JsonNode branches) {
        JsonNode first = branches.get(0).get("properties");
        if (first == null) return null;
        for (String name : first.propertyNames()) {
            boolean all = true;
            for (JsonNode b : branches) {
                JsonNode p = b.path("properties").path(name);
                if (!p.has("const")) {
                    all = false;
                    break;
                }
            }
            if (all) return name;
        }
        return null;
    }

    private Problem single(Error e, Set<String> suggested) {
        String path = pointer(e.getInstanceLocation());
        JsonNode value = e.getInstanceNode();
        JsonNode parent = parentSchema(e);
        String keyword = e.getKeyword() == null ? "" : e.getKeyword();
        return switch (keyword) {
            case "required" -> {
                String name = e.getProperty();
                JsonNode property = parent.path("properties").path(name);
                String desc = description(property);
                yield problem(JsonPointers.append(path, name), SchemaCode.SCHEMA_REQUIRED, property.has("const")
                        ? "add `" + name + ": " + property.get("const").asString() + "`"
                        : "add `" + name + "`" + (desc == null ? "" : ": " + desc));
            }
            case "additionalProperties", "unevaluatedProperties" -> {
                String name = e.getProperty();
                List<String> allowed = new ArrayList<>();
                parent.path("properties").propertyNames().forEach(n -> {
                    if (!n.startsWith("$")) allowed.add(n);
                });
                Optional<String> closest = SchemaSuggestions.closest(name, allowed);
                closest.ifPresent(s -> suggested.add(JsonPointers.append(path, s)));
                String hint = closest.map(s -> "did you mean `" + s + "`?")
                        .orElse("allowed here: " + String.join(", ", allowed));
                yield problem(JsonPointers.append(path, name), SchemaCode.UNKNOWN_PROPERTY,
                        "unknown property `" + name + "`; " + hint);
            }
            case "type" -> problem(path, SchemaCode.SCHEMA_TYPE,
                    label(path) + " must be " + typeWords(e.getSchemaNode()) + "; got " + kindOf(value));
            case "enum" -> problem(path, SchemaCode.SCHEMA_ENUM, label(path) + " must be one of "
                    + StreamSupport.stream(e.getSchemaNode().spliterator(), false).map(JsonNode::asString)
                            .collect(Collectors.joining(", "))
                    + "; got " + show(value));
            case "const" -> problem(path, SchemaCode.SCHEMA_CONST,
                    label(path) + " must be " + e.getSchemaNode().asString() + "; got " + show(value));
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum" ->
                    problem(path, SchemaCode.SCHEMA_RANGE, label(path) + " must be " + bounds(parent) + "; got " + show(value));
            case "minItems", "maxItems" -> problem(path, SchemaCode.SCHEMA_RANGE,
                    label(path) + " must have " + itemBounds(parent) + "; got " + value.size());
            case "minLength" -> problem(path, SchemaCode.SCHEMA_RANGE, parent.path("minLength").asInt() <= 1
                    ? label(path) + " must not be empty"
                    : label(path) + " must have at least " + parent.path("minLength").asInt() + " characters");
            case "maxLength" -> problem(path, SchemaCode.SCHEMA_RANGE, label(path) + " must have at most "
                    + parent.path("maxLength").asInt() + " characters; got " + value.asString().length());
            case "pattern" -> problem(path, SchemaCode.SCHEMA_PATTERN, label(path) + " " + show(value) + " is not valid: "
                    + (parent.has("patternErrorMessage")
                            ? parent.get("patternErrorMessage").asString()
                            : "it must match " + parent.path("pattern").asString()));
            default -> problem(path, SchemaCode.SCHEMA_INVALID, label(path) + ": " + e.getMessage());
        };
    }

    // The schema object that holds the failing keyword (for its siblings: properties, bounds, hints).
    private JsonNode parentSchema(Error e) {
        NodePath fragment = e.getSchemaLocation().getFragment();
        JsonNode n = schemaRoot;
        for (int i = 0; i < fragment.getNameCount() - 1; i++) {
            Object el = fragment.getElement(i);
            n = el instanceof Integer idx ? n.path(idx) : n.path(el.toString());
        }
        return n;
    }

    private String description(JsonNode propertySchema) {
        JsonNode d = propertySchema.get("description");
        if (d == null && propertySchema.has("$ref")) {
            String ref = propertySchema.get("$ref").asString();
            if (ref.startsWith("#")) d = schemaRoot.at(ref.substring(1)).get("description");
        }
        if (d == null) return null;
        String s = d.asString().strip();
        if (s.endsWith(".")) s = s.substring(0, s.length() - 1);
        if (s.isEmpty()) return null;
        // "The most instances …" reads as "add `maxInstances`: the most instances …"; keep "GPU".
        boolean word = s.length() > 1 && Character.isLowerCase(s.charAt(1));
        return word ? Character.toLowerCase(s.charAt(0)) + s.substring(1) : s;
    }

    private static String bounds(JsonNode s) {
        boolean hasMin = s.has("minimum");
        boolean hasMax = s.has("maximum");
        if (hasMin && hasMax) return "between " + s.get("minimum") + " and " + s.get("maximum");
        if (hasMin) return "at least " + s.get("minimum");
        if (hasMax) return "at most " + s.get("maximum");
        if (s.has("exclusiveMinimum")) return "greater than " + s.get("exclusiveMinimum");
        return "less than " + s.get("exclusiveMaximum");
    }

    private static String itemBounds(JsonNode s) {
        if (s.has("minItems") && s.has("maxItems")) return s.get("minItems") + " to " + s.get("maxItems") + " entries";
        if (s.has("minItems")) return "at least " + s.get("minItems") + (s.get("minItems").asInt() == 1 ? " entry" : " entries");
        return "at most " + s.get("maxItems") + " entries";
    }

    private static String typeWords(JsonNode type) {
        if (type.isArray()) {
            return StreamSupport.stream(type.spliterator(), false).map(t -> typeWord(t.asString()))
                    .collect(Collectors.joining(" or "));
        }
        return typeWord(type.asString());
    }

    private static String typeWord(String t) {
        return switch (t) {
            case "object" -> "a mapping";
            case "array" -> "a list";
            case "integer" -> "a whole number";
            case "number" -> "a number";
            case "string" -> "a text";
            case "boolean" -> "true or false";
            default -> t;
        };
    }

    private static String kindOf(JsonNode v) {
        if (v == null || v.isMissingNode()) return "nothing";
        if (v.isNull()) return "null";
        if (v.isObject()) return "a mapping";
        if (v.isArray()) return "a list";
        if (v.isBoolean()) return v.toString();
        if (v.isIntegralNumber()) return "the whole number " + v;
        if (v.isNumber()) return "the number " + v;
        return "the text " + show(v);
    }

    private static String show(JsonNode v) {
        if (v == null || v.isMissingNode()) return "nothing";
        String s = v.isNumber() && v.isBigDecimal() ? v.decimalValue().toPlainString() : v.toString();
        return s.length() > MAX_VALUE_CHARS ? s.substring(0, MAX_VALUE_CHARS - 1) + "…" : s;
    }

    // How a message names the value: `desiredCount`, `partitionLayout` item 3, the document.
    private static String label(String path) {
        List<String> tokens = JsonPointers.tokens(path);
        if (tokens.isEmpty()) return "the document";
        String last = tokens.get(tokens.size() - 1);
        if (JsonPointers.isIndex(last) && tokens.size() >= 2) {
            return "`" + tokens.get(tokens.size() - 2) + "` item " + last;
        }
        return "`" + last + "`";
    }

    private static Problem problem(String path, SchemaCode code, String message) {
        return Problem.at(path, code, message);
    }

    /** The instance location as a JSON Pointer. */
    public static String pointer(NodePath p) {
        String out = "";
        for (int i = 0; i < p.getNameCount(); i++) {
            Object el = p.getElement(i);
            out = el instanceof Integer idx ? JsonPointers.append(out, idx) : JsonPointers.append(out, el.toString());
        }
        return out;
    }

}
