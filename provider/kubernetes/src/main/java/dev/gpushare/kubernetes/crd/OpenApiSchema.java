package dev.gpushare.kubernetes.crd;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A structural {@code openAPIV3Schema} derived from gpushare.schema.json (JSON Schema draft
 * 2020-12), so that the API server refuses unknown and mistyped fields of a custom resource with
 * the same limits as {@code gpushare validate}'s schema check:
 * <ul>
 * <li>{@code $ref}s are inlined (a structural schema has none); the referring node's description wins;
 * <li>{@code const} becomes a one-value {@code enum}, and every enum gets the type of its values;
 * <li>{@code exclusiveMaximum: N} becomes OpenAPI 3.0's {@code maximum: N, exclusiveMaximum: true};
 * <li>{@code additionalProperties: false} is left out: a structural schema knows every field, and
 *     strict field validation (kubectl's default) refuses the others;
 * <li>a {@code oneOf} of objects (gpuSharing) becomes one object with every branch's fields (the
 *     fields common to all branches required); a {@code oneOf} of different types (gpuRequirement:
 *     an integer, "ALL", a fraction or an object) keeps any value
 *     ({@code x-kubernetes-preserve-unknown-fields}) and leaves its check to the admission webhook;
 * <li>{@code title}, {@code default}, {@code patternErrorMessage}, {@code $schema} and {@code $id}
 *     are dropped (a default would make the API server add fields the spec did not have).
 * </ul>
 */
public final class OpenApiSchema {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String RESOURCE = "dev/gpushare/schema/gpushare.schema.json";
    private static final Set<String> DROPPED = Set.of("title", "default", "patternErrorMessage", "$schema", "$id", "additionalProperties");

    private final JsonNode root;

    private OpenApiSchema(JsonNode root) {
        this.root = root;
    }

    /** The schema the jar carries. */
    public static OpenApiSchema builtIn() {
        try (InputStream in = OpenApiSchema.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is not on the class path");
            return new OpenApiSchema(JsonMapper.builder().build().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The structural schema of {@code $defs/<name>}. */
    public ObjectNode definition(String name) {
        JsonNode def = root.path("$defs").get(name);
        if (def == null) throw new IllegalArgumentException("gpushare.schema.json has no $defs/" + name);
        return convert(def);
    }

    private JsonNode resolve(String ref) {
        if (!ref.startsWith("#/$defs/")) throw new IllegalArgumentException("unsupported $ref " + ref);
        return root.path("$defs").get(ref.substring("#/$defs/".length()));
    }

    ObjectNode convert(JsonNode in) {
        if (in.has("$ref")) {
            ObjectNode merged = (ObjectNode) in.deepCopy();
            merged.remove("$ref");
            ObjectNode target = convert(resolve(in.get("$ref").asString()));
            for (Map.Entry<String, JsonNode> e : merged.properties()) {
                if (!DROPPED.contains(e.getKey())) target.set(e.getKey(), e.getValue().deepCopy());
            }
            return target;
        }
        if (in.has("oneOf")) return oneOf(in);
        ObjectNode out = NODES.objectNode();
        for (Map.Entry<String, JsonNode> e : in.properties()) {
            String k = e.getKey();
            JsonNode v = e.getValue();
            if (DROPPED.contains(k) && !(k.equals("additionalProperties") && v.isObject())) continue;
            switch (k) {
                case "const" -> {
                    out.set("enum", NODES.arrayNode().add(v.deepCopy()));
                    if (!in.has("type")) out.put("type", typeOf(v));
                }
                case "enum" -> {
                    out.set("enum", v.deepCopy());
                    if (!in.has("type")) out.put("type", typeOf(v.get(0)));
                }
                case "exclusiveMaximum" -> {
                    out.set("maximum", v.deepCopy());
                    out.put("exclusiveMaximum", true);
                }
                case "exclusiveMinimum" -> {
                    out.set("minimum", v.deepCopy());
                    out.put("exclusiveMinimum", true);
                }
                case "properties" -> {
                    ObjectNode props = NODES.objectNode();
                    for (Map.Entry<String, JsonNode> p : v.properties()) props.set(p.getKey(), convert(p.getValue()));
                    out.set("properties", props);
                }
                case "items", "additionalProperties" -> out.set(k, convert(v));
                default -> out.set(k, v.deepCopy());
            }
        }
        return out;
    }

    /** Objects merged into one; values of different types kept as they are (checked by the webhook). */
    private ObjectNode oneOf(JsonNode in) {
        List<ObjectNode> branches = new ArrayList<>();
        for (JsonNode b : in.get("oneOf").values()) branches.add(convert(b));
        ObjectNode out = NODES.objectNode();
        if (in.has("description")) out.set("description", in.get("description").deepCopy());
        boolean objects = branches.stream().allMatch(b -> "object".equals(b.path("type").asString("")));
        if (!objects) {
            out.put("x-kubernetes-preserve-unknown-fields", true);
            return out;
        }
        out.put("type", "object");
        Map<String, ObjectNode> props = new LinkedHashMap<>();
        Set<String> required = null;
        for (ObjectNode b : branches) {
            for (Map.Entry<String, JsonNode> p : b.path("properties").properties()) {
                ObjectNode prop = (ObjectNode) p.getValue();
                ObjectNode seen = props.get(p.getKey());
                if (seen == null) {
                    props.put(p.getKey(), prop.deepCopy());
                } else if (seen.has("enum") && prop.has("enum")) {
                    // strategy: MPS | EXCLUSIVE | MIG | TIME_SLICING
                    ArrayNode values = (ArrayNode) seen.get("enum");
                    for (JsonNode v : prop.get("enum").values()) if (!contains(values, v)) values.add(v.deepCopy());
                    seen.remove("description");
                }
            }
            Set<String> r = new LinkedHashSet<>();
            for (JsonNode x : b.path("required").values()) r.add(x.asString());
            if (required == null) required = r;
            else required.retainAll(r);
        }
        ObjectNode p = NODES.objectNode();
        props.forEach(p::set);
        out.set("properties", p);
        if (required != null && !required.isEmpty()) {
            ArrayNode r = NODES.arrayNode();
            required.forEach(r::add);
            out.set("required", r);
        }
        return out;
    }

    private static boolean contains(ArrayNode a, JsonNode v) {
        for (JsonNode x : a.values()) if (x.equals(v)) return true;
        return false;
    }

    private static String typeOf(JsonNode v) {
        if (v.isString()) return "string";
        if (v.isIntegralNumber()) return "integer";
        if (v.isNumber()) return "number";
        if (v.isBoolean()) return "boolean";
        throw new IllegalArgumentException("no OpenAPI type for the enum value " + v);
    }
}
