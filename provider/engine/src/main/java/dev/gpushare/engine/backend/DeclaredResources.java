package dev.gpushare.engine.backend;

import java.util.SortedMap;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The declared pieces of a cluster's spec, for front doors that declare one resource at a time
 * (the Pulumi provider): each resource's spec fragment is kept under a key such as
 * {@code services/embedder}, and the cluster's spec is the merge of all of them. A backend offers
 * this through {@link Backend#declaredResources()}.
 *
 * <p>Fragments are passed as values (JSON object trees); a store writes them as text only where
 * it keeps them ({@link #toText}, {@link #fromText}), so nothing is printed and re-parsed on the
 * way between the provider and the store.
 */
public interface DeclaredResources {

    /**
     * Every declared resource of the cluster.
     *
     * @return key ({@code <section>/<name>}, e.g. {@code taskDefinitions/embedder}) → the
     *         resource's spec fragment, ordered by key; the trees are the caller's own
     */
    SortedMap<String, ObjectNode> declared(String cluster);

    /** Adds or replaces one resource's fragment. */
    void declare(String cluster, String key, ObjectNode fragment);

    /** Removes one resource; removing an absent key does nothing. */
    void undeclare(String cluster, String key);

    /** The text a store keeps for a fragment: compact JSON, decimals exact. */
    static String toText(ObjectNode fragment) {
        return Codec.MAPPER.writeValueAsString(fragment);
    }

    /** A fragment read back from its stored text. */
    static ObjectNode fromText(String text) {
        JsonNode tree = Codec.MAPPER.readTree(text);
        if (!(tree instanceof ObjectNode o)) throw new IllegalStateException("a declared fragment is not a JSON object: " + text);
        return o;
    }

    /** Holder of the stores' mapper (decimals read as BigDecimal, as the spec reader does). */
    final class Codec {
        static final JsonMapper MAPPER = JsonMapper.builder()
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

        private Codec() {}
    }
}
