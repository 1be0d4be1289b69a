package dev.gpushare.pulumi.internal.kind;

import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A SageMaker request part (PascalCase, as {@code gpushare export sagemaker} writes it) with its
 * member names as the Pulumi AWS providers spell them: {@code InitialInstanceCount} →
 * {@code initialInstanceCount}. Values are unchanged.
 */
final class LowerCamel {
    private LowerCamel() {}

    static JsonNode of(JsonNode n) {
        if (n.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (Map.Entry<String, JsonNode> e : n.properties()) out.set(name(e.getKey()), of(e.getValue()));
            return out;
        }
        if (n.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            for (JsonNode item : n) out.add(of(item));
            return out;
        }
        return n;
    }

    private static String name(String apiName) {
        return apiName.isEmpty() ? apiName : apiName.substring(0, 1).toLowerCase(Locale.ROOT) + apiName.substring(1);
    }
}
