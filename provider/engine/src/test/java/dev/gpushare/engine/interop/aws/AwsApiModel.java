package dev.gpushare.engine.interop.aws;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One AWS service's own API model (botocore's {@code service-2.json}), and a check of a JSON
 * document against one of its shapes: member names, required members, unions (exactly one member),
 * types, ranges ({@code min}/{@code max} of numbers, string lengths and list sizes), patterns and
 * enums. A test utility, shared through the engine's test jar: the export and Pulumi output tests
 * check documents with it, the catalog tests check instance-type names against its enums.
 *
 * <p>Patterns are matched against the whole value (AWS documents them as {@code ^…$} even where the
 * model leaves the anchors out), which is the stricter reading.
 */
public final class AwsApiModel {
    /** How the document's member names relate to the model's. */
    public enum Naming {
        /** As in the model (the API's own JSON: ECS is lowerCamel, SageMaker is PascalCase). */
        API,
        /**
         * The model's names with a lower-case first letter ({@code InitialInstanceCount} →
         * {@code initialInstanceCount}), as the Pulumi AWS providers name them.
         */
        LOWER_CAMEL
    }

    /** One thing wrong with a document, at a JSON Pointer into it. */
    public record Violation(String path, String message) {
        @Override
        public String toString() {
            return (path.isEmpty() ? "(document)" : path) + ": " + message;
        }
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Map<String, AwsApiModel> LOADED = new ConcurrentHashMap<>();

    private final String service;
    private final JsonNode shapes;
    private final JsonNode operations;
    private final Map<String, Pattern> patterns = new ConcurrentHashMap<>();

    private AwsApiModel(String service, JsonNode model) {
        this.service = service;
        this.shapes = model.path("shapes");
        this.operations = model.path("operations");
        if (!shapes.isObject() || !operations.isObject()) {
            throw new IllegalArgumentException(service + ": not a botocore service-2.json (no shapes/operations)");
        }
    }

    /** botocore's model of ECS ({@code ecs/2014-11-13}). Aborts (or fails under CI) when the models are absent. */
    public static AwsApiModel ecs() {
        return load("ecs");
    }

    /** botocore's model of SageMaker ({@code sagemaker/2017-07-24}). */
    public static AwsApiModel sagemaker() {
        return load("sagemaker");
    }

    /** {@code service} is a folder of {@link AwsModels#directory()}, e.g. {@code ecs}. */
    public static AwsApiModel load(String service) {
        return LOADED.computeIfAbsent(service, s -> read(s, AwsModels.directory().resolve(s).resolve("service-2.json")));
    }

    /** A model read from a file (for tests of the checker itself). */
    public static AwsApiModel read(String service, Path file) {
        try {
            return new AwsApiModel(service, JSON.readTree(Files.readString(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** A model given as a tree (for tests of the checker itself). */
    public static AwsApiModel of(String service, JsonNode model) {
        return new AwsApiModel(service, model);
    }

    /** The name of {@code operation}'s input shape, e.g. RegisterTaskDefinition → RegisterTaskDefinitionRequest. */
    public String inputShape(String operation) {
        JsonNode op = operations.get(operation);
        if (op == null) throw new IllegalArgumentException(service + " has no operation " + operation);
        return op.path("input").path("shape").asString();
    }

    /** The shape's definition, or empty. */
    public Optional<JsonNode> shape(String name) {
        return Optional.ofNullable(shapes.get(name));
    }

    /** The values of a string shape's enum (e.g. ProductionVariantInstanceType); empty when it has none. */
    public Set<String> enumValues(String shapeName) {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode v : require(shapeName).path("enum")) out.add(v.asString());
        return Collections.unmodifiableSet(out);
    }

    /** Every violation of {@code document} as the input of {@code operation} (API member names). */
    public List<Violation> checkInput(String operation, JsonNode document) {
        return check(inputShape(operation), document, Naming.API);
    }

    /** Every violation of {@code document} as a value of shape {@code shapeName}. */
    public List<Violation> check(String shapeName, JsonNode document, Naming naming) {
        List<Violation> out = new ArrayList<>();
        check(shapeName, document, naming, "", out);
        return out;
    }

    private JsonNode require(String shapeName) {
        JsonNode s = shapes.get(shapeName);
        if (s == null) throw new IllegalArgumentException(service + " has no shape " + shapeName);
        return s;
    }

    private void check(String shapeName, JsonNode value, Naming naming, String path, List<Violation> out) {
        JsonNode shape = require(shapeName);
        String type = shape.path("type").asString();
        if (value == null || value.isNull()) {
            out.add(new Violation(path, "null where " + shapeName + " (" + type + ") is expected; leave the member out instead"));
            return;
        }
        switch (type) {
            case "structure" -> structure(shapeName, shape, value, naming, path, out);
            case "list" -> {
                if (!value.isArray()) {
                    out.add(new Violation(path, shapeName + " is a list; got " + kind(value)));
                    return;
                }
                range(shapeName, shape, value.size(), "items", path, out);
                String member = shape.path("member").path("shape").asString();
                for (int i = 0; i < value.size(); i++) check(member, value.get(i), naming, path + "/" + i, out);
            }
            case "map" -> {
                if (!value.isObject()) {
                    out.add(new Violation(path, shapeName + " is a map; got " + kind(value)));
                    return;
                }
                range(shapeName, shape, value.size(), "entries", path, out);
                String key = shape.path("key").path("shape").asString();
                String val = shape.path("value").path("shape").asString();
                for (Map.Entry<String, JsonNode> e : value.properties()) {
                    String at = path + "/" + escape(e.getKey());
                    check(key, JSON.getNodeFactory().stringNode(e.getKey()), naming, at, out);
                    check(val, e.getValue(), naming, at, out);
                }
            }
            case "string" -> string(shapeName, shape, value, path, out);
            case "integer", "long" -> {
                if (!value.isIntegralNumber()) {
                    out.add(new Violation(path, shapeName + " is an " + type + "; got " + kind(value) + " " + value));
                    return;
                }
                number(shapeName, shape, value, path, out);
            }
            case "float", "double" -> {
                if (!value.isNumber()) {
                    out.add(new Violation(path, shapeName + " is a " + type + "; got " + kind(value) + " " + value));
                    return;
                }
                number(shapeName, shape, value, path, out);
            }
            case "boolean" -> {
                if (!value.isBoolean()) out.add(new Violation(path, shapeName + " is a boolean; got " + kind(value) + " " + value));
            }
            case "timestamp" -> {
                if (!value.isString() && !value.isNumber()) out.add(new Violation(path, shapeName + " is a timestamp; got " + kind(value)));
            }
            case "blob" -> {
                if (!value.isString()) out.add(new Violation(path, shapeName + " is a blob (base64 text); got " + kind(value)));
            }
            default -> out.add(new Violation(path, shapeName + " has type " + type + ", which this checker does not know"));
        }
    }

    private void structure(String shapeName, JsonNode shape, JsonNode value, Naming naming, String path, List<Violation> out) {
        if (!value.isObject()) {
            out.add(new Violation(path, shapeName + " is a structure; got " + kind(value)));
            return;
        }
        JsonNode members = shape.path("members");
        Map<String, String> byDocumentName = new java.util.LinkedHashMap<>();
        for (String m : members.propertyNames()) byDocumentName.put(documentName(m, naming), m);
        int present = 0;
        for (Map.Entry<String, JsonNode> e : value.properties()) {
            String member = byDocumentName.get(e.getKey());
            String at = path + "/" + escape(e.getKey());
            if (member == null) {
                out.add(new Violation(at, shapeName + " has no member " + e.getKey() + "; its members are " + byDocumentName.keySet()));
                continue;
            }
            present++;
            check(members.get(member).path("shape").asString(), e.getValue(), naming, at, out);
        }
        for (JsonNode r : shape.path("required")) {
            String name = documentName(r.asString(), naming);
            if (!value.has(name)) out.add(new Violation(path, shapeName + " requires " + name));
        }
        if (shape.path("union").asBoolean(false) && present != 1) {
            out.add(new Violation(path, shapeName + " is a union: set exactly one of " + byDocumentName.keySet() + "; got " + present));
        }
    }

    private void string(String shapeName, JsonNode shape, JsonNode value, String path, List<Violation> out) {
        if (!value.isString()) {
            out.add(new Violation(path, shapeName + " is a string; got " + kind(value) + " " + value));
            return;
        }
        String s = value.stringValue();
        range(shapeName, shape, s.length(), "characters", path, out);
        if (shape.has("enum")) {
            Set<String> allowed = enumValues(shapeName);
            if (!allowed.contains(s)) out.add(new Violation(path, "'" + s + "' is not one of " + shapeName + "'s values " + allowed));
        }
        if (shape.has("pattern")) {
            String regex = shape.get("pattern").asString();
            Pattern p;
            try {
                p = patterns.computeIfAbsent(regex, Pattern::compile);
            } catch (PatternSyntaxException e) {
                out.add(new Violation(path, shapeName + "'s pattern " + regex + " cannot be checked here: " + e.getDescription()));
                return;
            }
            if (!p.matcher(s).matches()) out.add(new Violation(path, "'" + s + "' does not match " + shapeName + "'s pattern " + regex));
        }
    }

    private static void number(String shapeName, JsonNode shape, JsonNode value, String path, List<Violation> out) {
        java.math.BigDecimal v = value.decimalValue();
        if (shape.has("min") && v.compareTo(shape.get("min").decimalValue()) < 0) {
            out.add(new Violation(path, shapeName + " is at least " + shape.get("min") + "; got " + value));
        }
        if (shape.has("max") && v.compareTo(shape.get("max").decimalValue()) > 0) {
            out.add(new Violation(path, shapeName + " is at most " + shape.get("max") + "; got " + value));
        }
    }

    private static void range(String shapeName, JsonNode shape, int size, String unit, String path, List<Violation> out) {
        if (shape.has("min") && size < shape.get("min").asLong()) {
            out.add(new Violation(path, shapeName + " has at least " + shape.get("min") + " " + unit + "; got " + size));
        }
        if (shape.has("max") && size > shape.get("max").asLong()) {
            out.add(new Violation(path, shapeName + " has at most " + shape.get("max") + " " + unit + "; got " + size));
        }
    }

    private static String documentName(String member, Naming naming) {
        return switch (naming) {
            case API -> member;
            case LOWER_CAMEL -> member.isEmpty() ? member : member.substring(0, 1).toLowerCase(Locale.ROOT) + member.substring(1);
        };
    }

    private static String kind(JsonNode v) {
        return v.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
