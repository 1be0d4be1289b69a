package dev.gpushare.engine.placement;

import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What changed between the spec a cluster was converged to and a new one, as placement sees it:
 * the groups (services and inference components, by name) whose copies may be written differently,
 * and the pools (capacity providers and endpoints) whose definition changed. Everything not named
 * is the same in both specs, so a copy of an unchanged group in an unchanged pool is what it was.
 *
 * <p>A service is changed when it was added or removed, when its record differs (count, strategy,
 * pool, task definition name) or when its task definition differs (containers, limits, host CPU or
 * memory, image); an inference component when added, removed or its record differs. A pool is
 * changed when added, removed or its record differs. {@code everything} is true when the cluster
 * name, the API version or the declared instance types differ (every pool's resolution may move),
 * or when lists that do not line up name an item twice (an invalid spec): nothing may be assumed, the full
 * path runs. A reference to nothing needs no care: the record that makes it differs, or the item
 * it names is added. Pricing does not take part: placement does not read it.
 *
 * @param everything true when no part may be assumed unchanged
 * @param groups     names of the services and inference components that changed (either spec)
 * @param pools      the capacity providers and endpoints that changed (either spec)
 */
public record ChangeSet(boolean everything, Set<String> groups, Set<Owner> pools) {
    public ChangeSet {
        groups = Set.copyOf(groups);
        pools = Set.copyOf(pools);
    }

    /** Nothing may be assumed: every pool is placed from scratch (the full path). */
    public static final ChangeSet EVERYTHING = new ChangeSet(true, Set.of(), Set.of());

    /** True when the group's copies may differ from the previous spec's. */
    public boolean changed(String group) {
        return everything || groups.contains(group);
    }

    /** True when the pool's definition may differ from the previous spec's. */
    public boolean changed(Owner pool) {
        return everything || pools.contains(pool);
    }

    /**
     * The change from {@code before} (what the state was converged to) to {@code after}. Lists that
     * name the same items in the same order (the usual case: a spec edited in place) are compared
     * position by position; others by name. O(size of the specs), no copy of a fleet involved.
     */
    public static ChangeSet between(Spec before, Spec after) {
        if (!before.apiVersion().equals(after.apiVersion()) || !before.cluster().equals(after.cluster())
                || !before.instanceTypes().equals(after.instanceTypes())) {
            return EVERYTHING;
        }
        Set<Owner> pools = new HashSet<>();
        Set<String> groups = new HashSet<>();
        Set<String> families = new HashSet<>();
        boolean ok = differ(before.capacityProviders(), after.capacityProviders(), CapacityProvider::name,
                        name -> pools.add(new Owner.CapacityProvider(name)))
                && differ(before.endpoints(), after.endpoints(), Endpoint::name, name -> pools.add(new Owner.Endpoint(name)))
                && differ(before.taskDefinitions(), after.taskDefinitions(), TaskDefinition::family, families::add)
                && differ(before.services(), after.services(), Service::name, groups::add)
                && differ(before.inferenceComponents(), after.inferenceComponents(), InferenceComponent::name, groups::add);
        if (!ok) return EVERYTHING;
        if (!families.isEmpty()) {
            // a service whose task definition changed (the record names the family, which is the same)
            for (Service s : after.services()) if (families.contains(s.taskDefinition())) groups.add(s.name());
        }
        return new ChangeSet(false, groups, pools);
    }

    /**
     * Adds the name of every item that was added, removed or differs; false when a list names an
     * item twice (an invalid spec: nothing is assumed).
     */
    private static <T> boolean differ(List<T> before, List<T> after, Function<T, String> name, Consumer<String> changed) {
        if (before.size() == after.size()) {
            // the very same object (a spec edited in code shares what it did not touch) is not even read
            boolean aligned = true;
            for (int i = 0; i < before.size() && aligned; i++) {
                T was = before.get(i), now = after.get(i);
                aligned = was == now || name.apply(was).equals(name.apply(now));
            }
            if (aligned) { // a name twice is twice in both: a change to either copy names it
                for (int i = 0; i < before.size(); i++) {
                    T was = before.get(i), now = after.get(i);
                    if (was != now && !was.equals(now)) changed.accept(name.apply(now));
                }
                return true;
            }
        }
        Map<String, T> was = byName(before, name), now = byName(after, name);
        if (was == null || now == null) return false;
        for (Map.Entry<String, T> e : now.entrySet()) {
            T old = was.get(e.getKey());
            if (old != e.getValue() && !e.getValue().equals(old)) changed.accept(e.getKey());
        }
        for (String n : was.keySet()) if (!now.containsKey(n)) changed.accept(n);
        return true;
    }

    /** By name, or null when a name occurs twice. */
    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> out = HashMap.newHashMap(items.size());
        for (T t : items) if (out.putIfAbsent(name.apply(t), t) != null) return null;
        return out;
    }
}
