package dev.gpushare.pulumi.internal;

import dev.gpushare.engine.validate.SchemaValidator;
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
 * {@code gpu}: integer, "ALL", fraction or object) becomes {@code pulumi.json#/Any}.
 */
public final class PulumiSchema {
    public static final String VERSION = "0.1.0";
    /** The Go SDK's root package; its module is the directory above (provider/pulumi/sdk/go). */
    public static final String GO_IMPORT_PATH = "github.com/gpushare/gpushare/provider/pulumi/sdk/go/gpushare";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String TYPES = "#/types/" + Kind.PACKAGE + ":index:";

    private PulumiSchema() {}

    public static String text() {
        return ClusterDocument.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(generate());
    }

    public static ObjectNode generate() {
        JsonNode source = ClusterDocument.JSON.readTree(SchemaValidator.schemaText());
        JsonNode defs = source.get("$defs");
        ObjectNode out = NODES.objectNode();
        out.put("name", Kind.PACKAGE);
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

        ObjectNode resources = out.putObject("resources");
        for (Kind kind : Kind.values()) {
            JsonNode def = defs.get(kind.schemaDef());
            ObjectNode r = resources.putObject(kind.token());
            r.put("description", def.path("description").asString(""));
            ObjectNode inputs = r.putObject("inputProperties");
            inputs.set(Kind.CLUSTER, prop("string", source.get("properties").get("cluster").get("description").asString()));
            ArrayNode required = r.putArray("requiredInputs").add(Kind.CLUSTER);
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
            for (String o : Views.outputNames(kind)) {
                props.set(o, outputSpec(o, types));
                outRequired.add(o);
            }
        }
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
            ObjectNode t = types.putObject(Kind.PACKAGE + ":index:" + token);
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
            ArrayNode req = t.putArray("required");
            if (required != null) required.forEach(req::add);
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
                if (!types.has(Kind.PACKAGE + ":index:" + token)) {
                    ObjectNode t = types.putObject(Kind.PACKAGE + ":index:" + token);
                    t.put("type", "object");
                    t.put("description", schema.path("description").asString(""));
                    ObjectNode props = t.putObject("properties");
                    for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
                        props.set(p.getKey(), convert(p.getValue(), defs, types, p.getKey()));
                    }
                    ArrayNode req = t.putArray("required");
                    for (JsonNode r : schema.path("required")) req.add(r.asString());
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

    /** Output types of the placement (see {@link Views}). */
    private static ObjectNode outputSpec(String name, ObjectNode types) {
        String p = Kind.PACKAGE + ":index:";
        if (!types.has(p + "InstancePlacement")) {
            ObjectNode gpu = objectType(types, "GpuPlacement", "One GPU of an instance.");
            gpu.set("index", prop("integer", "0-based GPU index on the instance."));
            gpu.set("model", prop("string", "GPU model, e.g. A100-80GB."));
            gpu.set("memoryMiB", prop("integer", "Usable GPU memory in MiB."));
            gpu.set("partitions", array(type("string"), "MIG instances as profile@start, ordered by start."));
            ObjectNode inst = objectType(types, "InstancePlacement", "One instance and its GPUs.");
            inst.set("id", prop("string", "Stable instance id, <pool>-<n>."));
            inst.set("instanceType", prop("string", "Instance type."));
            inst.set("healthy", prop("boolean", "False once marked unhealthy."));
            inst.set("gpus", array(ref(TYPES + "GpuPlacement"), "GPUs by index."));
            ObjectNode cont = objectType(types, "ContainerPlacement", "One container of a copy on one GPU.");
            cont.set("container", prop("string", "Container (or model) name."));
            cont.set("gpu", prop("integer", "GPU index on the instance."));
            cont.set("memoryMiB", prop("integer", "MPS GPU memory reserved, in MiB."));
            cont.set("maxComputePercent", prop("integer", "MPS compute limit, in percent."));
            cont.set("partition", prop("string", "MIG instance used, profile@start."));
            ObjectNode env = type("object");
            env.set("additionalProperties", type("string"));
            env.put("description", "Environment the container must be started with.");
            cont.set("env", env);
            ObjectNode copy = objectType(types, "CopyPlacement", "One copy (SERVICE/N or COMPONENT/N) and where it runs.");
            copy.set("copy", prop("string", "Copy name, NAME/N."));
            copy.set("instanceId", prop("string", "Instance it runs on."));
            copy.set("containers", array(ref(TYPES + "ContainerPlacement"), "Per container and GPU."));
            ObjectNode un = objectType(types, "UnplacedCopy", "A copy that did not fit, and why.");
            un.set("copy", prop("string", "Copy name, NAME/N."));
            un.set("code", prop("string", "Stable reason code, e.g. INSUFFICIENT_GPU_MEMORY."));
            un.set("message", prop("string", "The numbers and the smallest change that would make it fit."));
        }
        return switch (name) {
            case Views.INSTANCES -> array(ref(TYPES + "InstancePlacement"), "The instances of this pool and their GPUs.");
            case Views.COPIES -> array(ref(TYPES + "CopyPlacement"), "Where each copy runs, with its environment.");
            default -> array(ref(TYPES + "UnplacedCopy"), "Copies that could not be placed (empty when the capacity suffices).");
        };
    }

    private static ObjectNode objectType(ObjectNode types, String token, String description) {
        ObjectNode t = types.putObject(Kind.PACKAGE + ":index:" + token);
        t.put("type", "object");
        t.put("description", description);
        return t.putObject("properties");
    }

    private static String typeName(String hint) {
        return Character.toUpperCase(hint.charAt(0)) + hint.substring(1);
    }

    private static ObjectNode type(String t) {
        ObjectNode o = NODES.objectNode();
        o.put("type", t);
        return o;
    }

    private static ObjectNode prop(String t, String description) {
        ObjectNode o = type(t);
        o.put("description", description);
        return o;
    }

    private static ObjectNode array(ObjectNode items, String description) {
        ObjectNode o = type("array");
        o.set("items", items);
        o.put("description", description);
        return o;
    }

    private static ObjectNode ref(String r) {
        ObjectNode o = NODES.objectNode();
        o.put("$ref", r);
        return o;
    }
}
