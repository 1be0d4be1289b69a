package dev.gpushare.pulumi.internal;

import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A cluster's spec document assembled from its declared fragments (key {@code <section>/<name>} →
 * JSON object), in key order within each section, with each key's index so that a problem's JSON
 * Pointer ({@code /services/1/desiredCount}) can be traced back to the resource that declared it.
 *
 * @param text    the document as JSON text (what {@code gpushare validate} would read)
 * @param indexes key → its index in its section
 * @param dangling keys left out because they name a resource that is not declared (yet), with why
 */
public record ClusterDocument(String text, Map<String, Integer> indexes, SortedMap<String, String> dangling) {
    public static final ObjectMapper JSON = JsonMapper.builder().build();

    /** The document of {@code declared}, leaving out (in {@link #dangling}) what refers to an absent resource. */
    public static ClusterDocument of(String cluster, SortedMap<String, String> declared) {
        return of(cluster, declared, true);
    }

    /** With {@code prune} false nothing is left out (for validating one resource on its own). */
    public static ClusterDocument of(String cluster, SortedMap<String, String> declared, boolean prune) {
        SortedMap<String, JsonNode> kept = new TreeMap<>();
        declared.forEach((k, v) -> kept.put(k, JSON.readTree(v)));
        SortedMap<String, String> dangling = prune ? prune(kept) : new TreeMap<>();

        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("apiVersion", Spec.API_VERSION);
        doc.put("cluster", cluster);
        Map<String, Integer> indexes = new HashMap<>();
        for (Kind kind : Kind.values()) {
            ArrayNode items = doc.putArray(kind.section());
            for (Map.Entry<String, JsonNode> e : kept.entrySet()) {
                if (!e.getKey().startsWith(kind.section() + "/")) continue;
                indexes.put(e.getKey(), items.size());
                items.add(e.getValue());
            }
        }
        return new ClusterDocument(JSON.writeValueAsString(doc), Map.copyOf(indexes), dangling);
    }

    /** The key a JSON Pointer into this document points into, and the rest of the pointer. */
    public Map.Entry<String, String> owner(String pointer) {
        String[] parts = pointer.split("/", 4); // "", section, index, rest
        if (parts.length < 3) return null;
        for (Map.Entry<String, Integer> e : indexes.entrySet()) {
            if (e.getKey().startsWith(parts[1] + "/") && String.valueOf(e.getValue()).equals(parts[2])) {
                return Map.entry(e.getKey(), parts.length == 4 ? "/" + parts[3] : "");
            }
        }
        return null;
    }

    /**
     * Drops services whose task definition or capacity provider is not declared, and inference
     * components whose endpoint is not: the engine may create resources in any order when the
     * program does not make one depend on the other, so such a resource waits (init-failed) until
     * what it names exists.
     */
    private static SortedMap<String, String> prune(SortedMap<String, JsonNode> kept) {
        Set<String> names = new TreeSet<>(kept.keySet());
        SortedMap<String, String> dangling = new TreeMap<>();
        Map<String, List<String[]>> refs = new LinkedHashMap<>();
        refs.put("services/", List.of(new String[] {"taskDefinition", "taskDefinitions"},
                new String[] {"capacityProvider", "capacityProviders"}));
        refs.put("inferenceComponents/", List.<String[]>of(new String[] {"endpoint", "endpoints"}));
        for (String key : new ArrayList<>(kept.keySet())) {
            for (Map.Entry<String, List<String[]>> r : refs.entrySet()) {
                if (!key.startsWith(r.getKey())) continue;
                for (String[] ref : r.getValue()) {
                    JsonNode target = kept.get(key).get(ref[0]);
                    String targetKey = ref[1] + "/" + (target == null ? "" : target.asString());
                    if (!names.contains(targetKey)) {
                        dangling.put(key, "its " + ref[0] + " " + (target == null ? "(none)" : target.asString())
                                + " is not declared in cluster yet; declare that resource (make this one depend on it)");
                        kept.remove(key);
                        break;
                    }
                }
            }
        }
        return dangling;
    }
}
