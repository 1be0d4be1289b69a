package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A spec as placement reads it, pool by pool, one kind of owner at a time ({@link #of}): the
 * capacity providers with the services on them, then the endpoints with their inference
 * components; owners in name order (the first declared of a name), an owner's groups in spec
 * order. A service naming a capacity provider or task definition that does not exist, or a
 * component naming an endpoint that does not, is on no owner but in {@code unknown}. The placement
 * pipeline ({@link Engine}) and the memo of a stored baseline ({@link Restore}) read a spec alike
 * through it.
 */
record Owners(List<Owned> owned, List<Unknown> unknown) {
    /** A capacity provider or endpoint: its pool (or why it has none) and the groups on it. */
    record Owned(Pools.Resolution resolution, List<Group> groups) {
        /** The groups in the full path's order: by name. */
        List<Group> byName() {
            return sortedBy(groups, Group::name);
        }

        /** Every copy of the groups on {@code pool}, in the full path's order: by group name, then number. */
        List<CopyRequest> copies(Pool pool) {
            List<CopyRequest> copies = new ArrayList<>();
            for (Group g : byName()) copies.addAll(g.copies().apply(pool));
            return copies;
        }
    }

    /** A service or inference component: its copies on a pool are built only when asked for. */
    record Group(String name, int count, boolean spread, Function<Pool, List<CopyRequest>> copies) {}

    /** A group that names an owner or task definition that does not exist, and what it names. */
    record Unknown(String name, int count, String message) {}

    /** The capacity providers, then the endpoints. */
    static List<Owners> of(Spec spec, Catalog catalog) {
        return List.of(providers(spec, catalog), endpoints(spec, catalog));
    }

    private static Owners providers(Spec spec, Catalog catalog) {
        List<Unknown> unknown = new ArrayList<>();
        Map<String, TaskDefinition> tds = new HashMap<>();
        for (TaskDefinition td : spec.taskDefinitions()) tds.putIfAbsent(td.family(), td);
        Map<String, CapacityProvider> providers = new HashMap<>();
        for (CapacityProvider cp : spec.capacityProviders()) providers.putIfAbsent(cp.name(), cp);
        Map<String, List<Group>> services = new HashMap<>();
        for (Service s : spec.services()) {
            if (!providers.containsKey(s.capacityProvider()) || !tds.containsKey(s.taskDefinition())) {
                unknown.add(new Unknown(s.name(), s.desiredCount(), "service " + s.name() + " names capacity provider "
                        + s.capacityProvider() + " and task definition " + s.taskDefinition() + "; one does not exist"));
            } else {
                services.computeIfAbsent(s.capacityProvider(), k -> new ArrayList<>()).add(new Group(s.name(), s.desiredCount(),
                        s.placementStrategy() == PlacementStrategy.SPREAD, pool -> Copies.forService(s, tds.get(s.taskDefinition()), pool)));
            }
        }
        List<Owned> owned = new ArrayList<>();
        for (CapacityProvider cp : sortedBy(providers.values(), CapacityProvider::name)) {
            owned.add(new Owned(Pools.of(cp, catalog), services.getOrDefault(cp.name(), List.of())));
        }
        return new Owners(owned, unknown);
    }

    private static Owners endpoints(Spec spec, Catalog catalog) {
        List<Unknown> unknown = new ArrayList<>();
        Map<String, Endpoint> endpoints = new HashMap<>();
        for (Endpoint e : spec.endpoints()) endpoints.putIfAbsent(e.name(), e);
        Map<String, List<Group>> components = new HashMap<>();
        for (InferenceComponent ic : spec.inferenceComponents()) {
            if (!endpoints.containsKey(ic.endpoint())) {
                unknown.add(new Unknown(ic.name(), ic.copyCount(), "endpoint " + ic.endpoint() + " does not exist"));
            } else {
                components.computeIfAbsent(ic.endpoint(), k -> new ArrayList<>())
                        .add(new Group(ic.name(), ic.copyCount(), false, pool -> Copies.forComponent(ic, pool)));
            }
        }
        List<Owned> owned = new ArrayList<>();
        for (Endpoint e : sortedBy(endpoints.values(), Endpoint::name)) {
            owned.add(new Owned(Pools.of(e, catalog), components.getOrDefault(e.name(), List.of())));
        }
        return new Owners(owned, unknown);
    }

    /** The state's instances by owner, in state order. */
    static Map<Owner, List<Instance>> instances(FleetState state) {
        Map<Owner, List<Instance>> byOwner = new HashMap<>();
        Owner last = null; // instances come by owner: most follow one of the same owner object
        List<Instance> into = null;
        for (Instance i : state.instances()) {
            if (i.owner() != last) into = byOwner.computeIfAbsent(last = i.owner(), o -> new ArrayList<>());
            into.add(i);
        }
        return byOwner;
    }

    private static <T> List<T> sortedBy(Collection<T> items, Function<T, String> key) {
        List<T> out = new ArrayList<>(items);
        out.sort(Comparator.comparing(key));
        return out;
    }
}
