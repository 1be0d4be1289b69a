package dev.gpushare.pulumi.internal;

import static dev.gpushare.pulumi.internal.kind.SchemaNodes.prop;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.ref;
import static dev.gpushare.pulumi.internal.kind.SchemaNodes.type;

import dev.gpushare.engine.validate.SchemaValidator;
import dev.gpushare.pulumi.internal.kind.Kinds;
import dev.gpushare.pulumi.internal.kind.OutputProperty;
import dev.gpushare.pulumi.internal.kind.OutputTypes;
import dev.gpushare.pulumi.internal.kind.PoolFunction;
import dev.gpushare.pulumi.internal.kind.ResourceKind;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The Pulumi package schema, generated at run time from {@code gpushare.schema.json} so the two
 * cannot disagree: every resource's inputs are its {@code $defs} entry's properties (plus
 * {@code cluster}), nested objects become named types, a one-of of objects (gpuSharing) becomes
 * one object type with every member's properties, and a one-of of mixed kinds (a container's
 * {@code gpu}: integer, "ALL", fraction or object) becomes {@code pulumi.json#/Any}. Outputs and
 * their types come from the resource kinds ({@link ResourceKind#outputs()}, {@link OutputTypes}),
 * the one function from {@link PoolFunction}.
 */
public final class PulumiSchema {
    public static final String VERSION = "0.1.0";
    /** The Go SDK's root package; its module is the directory above (provider/pulumi/sdk/go). */
    public static final String GO_IMPORT_PATH = "github.com/gpushare/gpushare/provider/pulumi/sdk/go/gpushare";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String TYPES = dev.gpushare.pulumi.internal.kind.SchemaNodes.TYPES;

    private PulumiSchema() {}

    public static String text() {
        return Wire.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(generate());
    }

    public static ObjectNode generate() {
        JsonNode source = Wire.JSON.readTree(SchemaValidator.schemaText());
        JsonNode defs = source.get("$defs");
        ObjectNode out = NODES.objectNode();
        out.put("name", ResourceKind.PACKAGE);
        out.put("displayName", "gpushare");
        out.put("version", VERSION);
        out.put("description", "GPU sharing as infrastructure as code: NVIDIA MPS, whole and fractional GPUs, MIG layouts. "
                + "Resources are the parts of a gpushare spec (gpushare.schema.json); each names its cluster.");
        out.putArray("keywords").add("gpu").add("mig").add("mps").add("category/infrastructure");
        out.put("repository", "https://github.com/gpushare/gpushare");
        out.put("license", "Apache-2.0");
        ObjectNode types = out.putObject("types");

        ObjectNode configVars = NODES.objectNode();
        configVars.set("backend", prop("string", "Where the cluster state lives: file:PATH (relative to the program"
                + " directory) or https://HOST for the gpushare service. Default file:.gpushare/state."));
        ObjectNode token = prop("string", "Bearer token for an https:// backend.");
        token.put("secret", true);
        configVars.set("token", token);
        out.putObject("config").set("variables", configVars.deepCopy());
        ObjectNode provider = out.putObject("provider");
        provider.put("description", "The gpushare provider: which backend keeps the clusters.");
        provider.set("inputProperties", configVars.deepCopy());
        provider.set("properties", configVars.deepCopy());

        OutputTypes.addTo(types);
        ObjectNode resources = out.putObject("resources");
        for (ResourceKind kind : Kinds.all()) {
            JsonNode def = defs.get(kind.schemaDef());
            ObjectNode r = resources.putObject(kind.token());
            r.put("description", def.path("description").asString(""));
            ObjectNode inputs = r.putObject("inputProperties");
            inputs.set(ResourceKind.CLUSTER, prop("string", source.get("properties").get("cluster").get("description").asString()));
            ArrayNode required = r.putArray("requiredInputs").add(ResourceKind.CLUSTER);
            for (Map.Entry<String, JsonNode> p : def.get("properties").properties()) {
                ObjectNode spec = convert(p.getValue(), defs, types, p.getKey());
                if (kind.replacesOn(p.getKey())) spec.put("replaceOnChanges", true);
                inputs.set(p.getKey(), spec);
            }
            for (JsonNode req : def.path("required")) required.add(req.asString());
            ObjectNode props = r.putObject("properties");
            props.setAll(inputs.deepCopy());
            ArrayNode outRequired = r.putArray("required");
            required.forEach(outRequired::add);
            for (OutputProperty o : kind.outputs()) {
                props.set(o.name(), o.schema().deepCopy());
                if (o.required()) outRequired.add(o.name());
            }
        }
        out.putObject("functions").set(PoolFunction.TOKEN, PoolFunction.schema(source.get("properties").get("cluster").get("description")));
        // supportPack: the SDKs carry the schema's version (package.json, pyproject.toml, the Go
        // module's go.mod, pulumi-plugin.json) instead of a placeholder for a release pipeline
        out.putObject("meta").put("supportPack", true);
        ObjectNode language = out.putObject("language");
        ObjectNode java = language.putObject("java");
        java.put("basePackage", "com"); // generated classes in com.gpushare
        java.put("buildFiles", "none");
        language.putObject("nodejs").put("packageName", "@gpushare/pulumi")
                .put("packageDescription", "gpushare resources for Pulumi programs: GPU sharing (NVIDIA MPS, whole and"
                        + " fractional GPUs, MIG layouts) planned and placed by the gpushare provider.");
        ObjectNode python = language.putObject("python");
        python.put("packageName", "pulumi_gpushare");
        python.putObject("pyproject").put("enabled", true);
        // a Go module inside this repository: github.com/gpushare/gpushare/provider/pulumi/sdk/go
        language.putObject("go").put("importBasePath", GO_IMPORT_PATH);
        return out;
    }

    private static ObjectNode convert(JsonNode schema, JsonNode defs, ObjectNode types, String nameHint) {
        String description = schema.path("description").asString(null);
        ObjectNode out = convertType(schema, defs, types, nameHint);
        if (description != null) out.put("description", description);
        return out;
    }

    private static ObjectNode convertType(JsonNode schema, JsonNode defs, ObjectNode types, String nameHint) {
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asString();
            String defName = ref.substring(ref.lastIndexOf('/') + 1);
            JsonNode target = defs.get(defName);
            return convertType(target, defs, types, defName); // descriptions go on properties, not type references
        }
        if (schema.has("oneOf")) {
            boolean allObjects = true;
            for (JsonNode m : schema.get("oneOf")) allObjects &= "object".equals(m.path("type").asString(""));
            if (!allObjects) return ref("pulumi.json#/Any");
            String token = typeName(nameHint);
            ObjectNode t = types.putObject(ResourceKind.PACKAGE + ":index:" + token);
            t.put("type", "object");
            t.put("description", schema.path("description").asString(""));
            ObjectNode props = t.putObject("properties");
            java.util.Set<String> required = null;
            for (JsonNode m : schema.get("oneOf")) {
                java.util.Set<String> req = new java.util.TreeSet<>();
                for (JsonNode r : m.path("required")) req.add(r.asString());
                if (required == null) required = req; else required.retainAll(req);
                for (Map.Entry<String, JsonNode> p : m.get("properties").properties()) {
                    if (!props.has(p.getKey())) props.set(p.getKey(), convert(p.getValue(), defs, types, p.getKey()));
                }
            }
            // an empty list is left out, as the engine's own reading of the schema does (get-schema)
            if (required != null && !required.isEmpty()) required.forEach(t.putArray("required")::add);
            return ref(TYPES + token);
        }
        if (schema.has("const") || schema.has("enum") && !schema.has("type")) return type("string");
        String type = schema.path("type").asString("");
        switch (type) {
            case "array" -> {
                ObjectNode a = type("array");
                a.set("items", convertType(schema.get("items"), defs, types, nameHint));
                return a;
            }
            case "object" -> {
                String token = typeName(nameHint);
                if (!types.has(ResourceKind.PACKAGE + ":index:" + token)) {
                    ObjectNode t = types.putObject(ResourceKind.PACKAGE + ":index:" + token);
                    t.put("type", "object");
                    t.put("description", schema.path("description").asString(""));
                    ObjectNode props = t.putObject("properties");
                    for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
                        props.set(p.getKey(), convert(p.getValue(), defs, types, p.getKey()));
                    }
                    // an empty list is left out, as the engine's own reading of the schema does (get-schema)
                    if (!schema.path("required").isEmpty()) {
                        ArrayNode req = t.putArray("required");
                        for (JsonNode r : schema.path("required")) req.add(r.asString());
                    }
                }
                return ref(TYPES + token);
            }
            case "integer", "number", "string", "boolean" -> {
                return type(type);
            }
            default -> {
                return ref("pulumi.json#/Any");
            }
        }
    }

        private static String typeName(String hint) {
        return Character.toUpperCase(hint.charAt(0)) + hint.substring(1);
    }

}
