package dev.gpushare.pulumi.internal.cluster;

import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.function.Function;
import tools.jackson.databind.node.ObjectNode;

/**
 * A cluster's next spec made from its last valid one: the entries of the keys that changed are
 * taken from the spec bound from their {@link Neighbours} (validated, without problems), every
 * other entry is the last spec's own, each section in key order as {@link ClusterDocument} lists
 * it. Binding reads each entry on its own, so the result equals the spec bound from the whole
 * document (ConvergenceSpliceTest compares them); what costs the cluster's size here is list
 * copying, not parsing, schema checks and rules.
 */
final class Splice {
    private Splice() {}

    /**
     * The spec of {@code kept}, or null when an entry of a changed key is not in {@code fresh}
     * (the caller then checks the whole document).
     */
    static Spec of(Spec last, SortedMap<String, ObjectNode> kept, Set<String> changed, Spec fresh) {
        var providers = section("capacityProviders", kept, changed, last.capacityProviders(), fresh.capacityProviders(), p -> p.name());
        var tasks = section("taskDefinitions", kept, changed, last.taskDefinitions(), fresh.taskDefinitions(), t -> t.family());
        var services = section("services", kept, changed, last.services(), fresh.services(), s -> s.name());
        var endpoints = section("endpoints", kept, changed, last.endpoints(), fresh.endpoints(), e -> e.name());
        var components = section("inferenceComponents", kept, changed, last.inferenceComponents(), fresh.inferenceComponents(), c -> c.name());
        if (providers == null || tasks == null || services == null || endpoints == null || components == null) return null;
        return new Spec(last.apiVersion(), last.cluster(), providers, tasks, services, endpoints, components,
                last.instanceTypes(), last.pricing());
    }

    private static <T> List<T> section(String section, SortedMap<String, ObjectNode> kept, Set<String> changed,
                                       List<T> last, List<T> fresh, Function<T, String> name) {
        SortedMap<String, ObjectNode> keys = kept.subMap(section + "/", section + "0"); // '0' follows '/'
        boolean touched = false;
        for (String key : changed) touched |= key.startsWith(section + "/");
        if (!touched && keys.size() == last.size()) return last; // nothing of this section changed
        Map<String, T> lastByName = byName(last, name);
        Map<String, T> freshByName = byName(fresh, name);
        List<T> out = new ArrayList<>(keys.size());
        for (String key : keys.keySet()) {
            String n = key.substring(section.length() + 1);
            T item = changed.contains(key) ? freshByName.get(n) : lastByName.get(n);
            if (item == null) return null;
            out.add(item);
        }
        return List.copyOf(out);
    }

    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> out = new HashMap<>(items.size() * 2);
        for (T t : items) out.putIfAbsent(name.apply(t), t);
        return out;
    }
}
