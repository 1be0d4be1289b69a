package dev.gpushare.engine.interop.cloudformation.internal;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** CloudFormation's intrinsic functions, in their long (JSON) form, as trees. */
public final class Fn {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Fn() {}

    public static ObjectNode object() {
        return F.objectNode();
    }

    public static ObjectNode ref(String logicalId) {
        return F.objectNode().put("Ref", logicalId);
    }

    public static ObjectNode getAtt(String logicalId, String attribute) {
        ObjectNode n = F.objectNode();
        n.putArray("Fn::GetAtt").add(logicalId).add(attribute);
        return n;
    }

    public static ObjectNode sub(String text) {
        return F.objectNode().put("Fn::Sub", text);
    }

    public static ObjectNode base64(JsonNode value) {
        ObjectNode n = F.objectNode();
        n.set("Fn::Base64", value);
        return n;
    }

    /** {@code Fn::If [condition, then, AWS::NoValue]}: the property is left out when the condition is false. */
    public static ObjectNode ifElseNoValue(String condition, JsonNode then) {
        ObjectNode n = F.objectNode();
        n.putArray("Fn::If").add(condition).add(then).add(ref("AWS::NoValue"));
        return n;
    }

    /** {@code Fn::Not [Fn::Equals [Ref parameter, ""]]}: an optional parameter was given. */
    public static ObjectNode notEmpty(String parameter) {
        ObjectNode equals = F.objectNode();
        equals.putArray("Fn::Equals").add(ref(parameter)).add("");
        ObjectNode n = F.objectNode();
        n.putArray("Fn::Not").add(equals);
        return n;
    }

    public static JsonNode text(String value) {
        return F.stringNode(value);
    }
}
