package dev.gpushare.pulumi.internal.kind;

import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Small builders of Pulumi schema nodes. */
public final class SchemaNodes {
    /** Prefix of this package's type references. */
    public static final String TYPES = "#/types/" + ResourceKind.PACKAGE + ":index:";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SchemaNodes() {}

    public static ObjectNode type(String t) {
        ObjectNode o = NODES.objectNode();
        o.put("type", t);
        return o;
    }

    public static ObjectNode prop(String t, String description) {
        ObjectNode o = type(t);
        o.put("description", description);
        return o;
    }

    public static ObjectNode array(ObjectNode items, String description) {
        ObjectNode o = type("array");
        o.set("items", items);
        o.put("description", description);
        return o;
    }

    public static ObjectNode ref(String r) {
        ObjectNode o = NODES.objectNode();
        o.put("$ref", r);
        return o;
    }

    /** A reference to this package's object type {@code token} (e.g. CopyPlacement), with a description. */
    public static ObjectNode typeRef(String token, String description) {
        ObjectNode o = ref(TYPES + token);
        o.put("description", description);
        return o;
    }

    /** An array of this package's object type {@code token} (e.g. CopyPlacement), with a description. */
    public static ObjectNode arrayOf(String token, String description) {
        return array(ref(TYPES + token), description);
    }
}
