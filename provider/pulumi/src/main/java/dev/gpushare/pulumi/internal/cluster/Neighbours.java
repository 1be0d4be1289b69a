package dev.gpushare.pulumi.internal.cluster;

import dev.gpushare.pulumi.internal.kind.Kinds;
import dev.gpushare.pulumi.internal.kind.ResourceKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The fragments a problem of one resource can come from: the resource, the resources it names
 * ({@link ResourceKind#references()}: a service's task definition and pool, a component's
 * endpoint), the resources that name it, and what those name. Every semantic rule of
 * {@code gpushare validate} judges a resource against these alone (a service's task definition on
 * its pool's hardware, a component against its endpoint; names are unique per section, which the
 * keys already are), so validating them finds the resource's own problems as the whole cluster
 * would, at the cost of its neighbours — what Check needs, once per resource. The one rule that
 * adds up the whole cluster (at most a million copies, {@code SPEC_TOO_LARGE}) is left to the
 * converge of Create, which validates every fragment.
 */
public final class Neighbours {
    private Neighbours() {}

    /** The fragments of {@code declared} around {@code key} (itself included, when declared). */
    public static SortedMap<String, ObjectNode> of(SortedMap<String, ObjectNode> declared, String key) {
        SortedMap<String, ObjectNode> out = new TreeMap<>();
        add(out, declared, key);
        for (String target : names(declared, key)) add(out, declared, target);
        List<String> referrers = new ArrayList<>();
        int slash = key.indexOf('/');
        String section = slash < 0 ? "" : key.substring(0, slash);
        for (ResourceKind kind : Kinds.all()) { // only the sections whose kind can name this one's
            if (!kind.references().containsValue(section)) continue;
            for (String k : declared.subMap(kind.section() + "/", kind.section() + "0").keySet()) { // '0' follows '/'
                if (!k.equals(key) && names(declared, k).contains(key)) referrers.add(k);
            }
        }
        for (String referrer : referrers) {
            add(out, declared, referrer);
            for (String target : names(declared, referrer)) add(out, declared, target);
        }
        return out;
    }

    /** The keys the fragment under {@code key} names, declared or not. */
    static List<String> names(SortedMap<String, ObjectNode> declared, String key) {
        ObjectNode fragment = declared.get(key);
        int slash = key.indexOf('/');
        if (fragment == null || slash < 0) return List.of();
        ResourceKind kind = Kinds.ofSection(key.substring(0, slash)).orElse(null);
        if (kind == null || kind.references().isEmpty()) return List.of();
        List<String> out = new ArrayList<>(2);
        for (Map.Entry<String, String> ref : kind.references().entrySet()) {
            JsonNode name = fragment.get(ref.getKey());
            if (name != null && name.isString()) out.add(ref.getValue() + "/" + name.stringValue());
        }
        return out;
    }

    private static void add(SortedMap<String, ObjectNode> out, SortedMap<String, ObjectNode> declared, String key) {
        ObjectNode f = declared.get(key);
        if (f != null) out.put(key, f);
    }
}
