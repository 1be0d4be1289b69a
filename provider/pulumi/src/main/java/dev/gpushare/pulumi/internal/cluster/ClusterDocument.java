package dev.gpushare.pulumi.internal.cluster;

import dev.gpushare.model.Spec;
import dev.gpushare.pulumi.internal.kind.Kinds;
import dev.gpushare.pulumi.internal.kind.ResourceKind;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A cluster's spec document assembled, as a tree, from its declared fragments (key
 * {@code <section>/<name>} → fragment), in key order within each section, with each key's index
 * so that a problem's JSON Pointer ({@code /services/1/desiredCount}) leads back to the resource
 * that declared it.
 *
 * @param tree     the document (what {@code gpushare validate} would read); shares the fragments' nodes
 * @param indexes  key → its index in its section
 * @param dangling keys left out because they name a resource that is not declared (yet), with why
 */
public record ClusterDocument(ObjectNode tree, Map<String, Integer> indexes, SortedMap<String, String> dangling) {

    /** The document of {@code declared}, leaving out (in {@link #dangling}) what refers to an absent resource. */
    public static ClusterDocument of(String cluster, SortedMap<String, ObjectNode> declared) {
        return of(cluster, declared, true);
    }

    /** With {@code prune} false nothing is left out (for checking one resource among the others). */
    public static ClusterDocument of(String cluster, SortedMap<String, ObjectNode> declared, boolean prune) {
        SortedMap<String, ObjectNode> kept = new TreeMap<>(declared);
        SortedMap<String, String> dangling = prune ? prune(kept) : new TreeMap<>();
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("apiVersion", Spec.API_VERSION);
        doc.put("cluster", cluster);
        Map<String, Integer> indexes = new HashMap<>();
        Map<String, ArrayNode> sections = new HashMap<>();
        for (ResourceKind kind : Kinds.all()) sections.put(kind.section(), doc.putArray(kind.section()));
        for (Map.Entry<String, ObjectNode> e : kept.entrySet()) { // in key order: by name within each section
            int slash = e.getKey().indexOf('/');
            ArrayNode items = slash < 0 ? null : sections.get(e.getKey().substring(0, slash));
            if (items == null) continue;
            indexes.put(e.getKey(), items.size());
            items.add(e.getValue());
        }
        return new ClusterDocument(doc, Map.copyOf(indexes), dangling);
    }

    /** The key a JSON Pointer into this document points into, and the rest of the pointer; null for none. */
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
     * Drops the resources whose references ({@link ResourceKind#references()}) name an undeclared
     * resource: the engine may create resources in any order when the program does not make one
     * depend on the other, so such a resource waits (init-failed) until what it names exists.
     */
    static SortedMap<String, String> prune(SortedMap<String, ObjectNode> kept) {
        SortedMap<String, String> dangling = new TreeMap<>();
        for (String key : new java.util.ArrayList<>(kept.keySet())) {
            ResourceKind kind = Kinds.ofSection(key.substring(0, key.indexOf('/'))).orElse(null);
            if (kind == null) continue;
            for (Map.Entry<String, String> ref : new TreeMap<>(kind.references()).entrySet()) {
                JsonNode target = kept.get(key).get(ref.getKey());
                String name = target == null ? null : target.asString();
                if (name == null || !kept.containsKey(ref.getValue() + "/" + name)) {
                    dangling.put(key, "its " + ref.getKey() + " " + (name == null ? "(none)" : name)
                            + " is not declared in the cluster yet; declare that resource (make this one depend on it)");
                    kept.remove(key);
                    break;
                }
            }
        }
        return dangling;
    }
}
