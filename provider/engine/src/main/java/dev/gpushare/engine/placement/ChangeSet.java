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
import java.util.Objects;
import java.util.Set;
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
 * or when a spec is not one placement reads group by group (a name twice, a reference to nothing):
 * then nothing may be assumed and the full path runs. Pricing does not take part: placement does
 * not read it.
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

    /** The change from {@code before} (what the state was converged to) to {@code after}. */
    public static ChangeSet between(Spec before, Spec after) {
        if (!before.apiVersion().equals(after.apiVersion()) || !before.cluster().equals(after.cluster())
                || !before.instanceTypes().equals(after.instanceTypes())) {
            return EVERYTHING;
        }
        Map<String, CapacityProvider> cpBefore = byName(before.capacityProviders(), CapacityProvider::name);
        Map<String, CapacityProvider> cpAfter = byName(after.capacityProviders(), CapacityProvider::name);
        Map<String, Endpoint> epBefore = byName(before.endpoints(), Endpoint::name);
        Map<String, Endpoint> epAfter = byName(after.endpoints(), Endpoint::name);
        Map<String, TaskDefinition> tdBefore = byName(before.taskDefinitions(), TaskDefinition::family);
        Map<String, TaskDefinition> tdAfter = byName(after.taskDefinitions(), TaskDefinition::family);
        Map<String, Service> svBefore = byName(before.services(), Service::name);
        Map<String, Service> svAfter = byName(after.services(), Service::name);
        Map<String, InferenceComponent> icBefore = byName(before.inferenceComponents(), InferenceComponent::name);
        Map<String, InferenceComponent> icAfter = byName(after.inferenceComponents(), InferenceComponent::name);
        if (cpBefore == null || cpAfter == null || epBefore == null || epAfter == null || tdBefore == null || tdAfter == null
                || svBefore == null || svAfter == null || icBefore == null || icAfter == null
                || !resolved(before, cpBefore, tdBefore, epBefore) || !resolved(after, cpAfter, tdAfter, epAfter)) {
            return EVERYTHING;
        }
        Set<Owner> pools = new HashSet<>();
        differ(cpBefore, cpAfter, name -> pools.add(new Owner.CapacityProvider(name)));
        differ(epBefore, epAfter, name -> pools.add(new Owner.Endpoint(name)));
        Set<String> groups = new HashSet<>();
        differ(svBefore, svAfter, groups::add);
        differ(icBefore, icAfter, groups::add);
        for (Service s : after.services()) {
            Service was = svBefore.get(s.name());
            // same record, so the same family: did its definition change?
            if (was != null && !groups.contains(s.name())
                    && !Objects.equals(tdBefore.get(s.taskDefinition()), tdAfter.get(s.taskDefinition()))) {
                groups.add(s.name());
            }
        }
        if (!disjoint(svBefore, icAfter) || !disjoint(svAfter, icBefore)) return EVERYTHING; // a name changed kind
        return new ChangeSet(false, groups, pools);
    }

    /** By name, or null when a name occurs twice (an invalid spec: nothing is assumed). */
    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> out = HashMap.newHashMap(items.size());
        for (T t : items) if (out.putIfAbsent(name.apply(t), t) != null) return null;
        return out;
    }

    /** Every reference names something, and no service shares a name with a component. */
    private static boolean resolved(Spec spec, Map<String, CapacityProvider> cps, Map<String, TaskDefinition> tds,
                                    Map<String, Endpoint> eps) {
        for (Service s : spec.services()) {
            if (!cps.containsKey(s.capacityProvider()) || !tds.containsKey(s.taskDefinition())) return false;
        }
        for (InferenceComponent ic : spec.inferenceComponents()) if (!eps.containsKey(ic.endpoint())) return false;
        Set<String> services = new HashSet<>();
        for (Service s : spec.services()) services.add(s.name());
        for (InferenceComponent ic : spec.inferenceComponents()) if (services.contains(ic.name())) return false;
        return true;
    }

    private static <T> void differ(Map<String, T> before, Map<String, T> after, java.util.function.Consumer<String> changed) {
        for (Map.Entry<String, T> e : after.entrySet()) {
            T was = before.get(e.getKey());
            if (was != e.getValue() && !e.getValue().equals(was)) changed.accept(e.getKey());
        }
        for (String name : before.keySet()) if (!after.containsKey(name)) changed.accept(name);
    }

    private static boolean disjoint(Map<String, ?> a, Map<String, ?> b) {
        for (String k : a.keySet()) if (b.containsKey(k)) return false;
        return true;
    }
}
