package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@link Memo} of a state stored as the converged result of {@code spec} (a fresh process
 * planning from a stored baseline), rebuilt from the state itself: per pool, on first use, which
 * copy is where from one pass over its allocations ({@link PoolMemo#restored}), and the nodes only
 * when a change-set run seeds from them — by the full path's own {@link Keeper} and run, which on a
 * converged state keep every copy where it is (the fixed point). A pool the state is not a
 * converged one of (a copy missing, twice, unknown; an unhealthy instance; nodes placement would
 * not keep) has no entry, so it takes the full path.
 */
public final class Restore {
    private Restore() {}

    public static Memo memo(Spec spec, Catalog catalog, FleetState state) {
        Map<Owner, List<Instance>> byOwner = new HashMap<>();
        for (Instance i : state.instances()) byOwner.computeIfAbsent(i.owner(), o -> new ArrayList<>()).add(i);
        Map<String, TaskDefinition> tds = new HashMap<>();
        for (TaskDefinition td : spec.taskDefinitions()) tds.putIfAbsent(td.family(), td);
        Map<String, List<Service>> services = new HashMap<>();
        Map<String, CapacityProvider> providers = new LinkedHashMap<>();
        for (CapacityProvider cp : spec.capacityProviders()) providers.putIfAbsent(cp.name(), cp);
        for (Service s : spec.services()) {
            if (providers.containsKey(s.capacityProvider()) && tds.containsKey(s.taskDefinition())) {
                services.computeIfAbsent(s.capacityProvider(), k -> new ArrayList<>()).add(s);
            }
        }
        Memo.Builder out = new Memo.Builder();
        for (CapacityProvider cp : providers.values()) {
            if (!(Pools.of(cp, catalog) instanceof Pools.Resolution.Ok ok)) continue;
            List<Service> mine = sorted(services.getOrDefault(cp.name(), List.of()), Service::name);
            Map<String, Integer> counts = new HashMap<>();
            for (Service s : mine) counts.put(s.name(), s.desiredCount());
            put(out, ok.pool(), counts, byOwner.getOrDefault(ok.pool().owner(), List.of()), () -> {
                List<CopyRequest> copies = new ArrayList<>();
                for (Service s : mine) copies.addAll(Copies.forService(s, tds.get(s.taskDefinition()), ok.pool()));
                return copies;
            });
        }
        Map<String, Endpoint> endpoints = new LinkedHashMap<>();
        for (Endpoint e : spec.endpoints()) endpoints.putIfAbsent(e.name(), e);
        Map<String, List<InferenceComponent>> components = new HashMap<>();
        for (InferenceComponent ic : spec.inferenceComponents()) {
            if (endpoints.containsKey(ic.endpoint())) components.computeIfAbsent(ic.endpoint(), k -> new ArrayList<>()).add(ic);
        }
        for (Endpoint e : endpoints.values()) {
            if (!(Pools.of(e, catalog) instanceof Pools.Resolution.Ok ok)) continue;
            List<InferenceComponent> mine = sorted(components.getOrDefault(e.name(), List.of()), InferenceComponent::name);
            Map<String, Integer> counts = new HashMap<>();
            for (InferenceComponent ic : mine) counts.put(ic.name(), ic.copyCount());
            put(out, ok.pool(), counts, byOwner.getOrDefault(ok.pool().owner(), List.of()), () -> {
                List<CopyRequest> copies = new ArrayList<>();
                for (InferenceComponent ic : mine) copies.addAll(Copies.forComponent(ic, ok.pool()));
                return copies;
            });
        }
        return out.build();
    }

    private static void put(Memo.Builder out, Pool pool, Map<String, Integer> counts, List<Instance> here,
                            Supplier<List<CopyRequest>> copies) {
        List<Instance> sorted = new ArrayList<>(here);
        sorted.sort(Comparator.comparing(Instance::id));
        out.put(pool.owner(), () -> PoolMemo.restored(sorted, counts, () -> nodes(pool, sorted, copies.get())));
    }

    /** The nodes the full path would seed the pool with, every copy kept; null when it would not keep them all. */
    private static List<Node> nodes(Pool pool, List<Instance> here, List<CopyRequest> copies) {
        Seed seed = Keeper.keep(pool, here, copies, Set.of());
        if (seed.kept().cardinality() != copies.size() || seed.nodes().size() != here.size()) return null;
        PoolRun run = Engine.run(pool, copies, seed);
        if (!run.failed().isEmpty()) return null;
        List<Node> nodes = new ArrayList<>(run.keptNodes());
        nodes.sort(Comparator.comparingInt(n -> n.number));
        return nodes;
    }

    private static <T> List<T> sorted(List<T> items, java.util.function.Function<T, String> key) {
        List<T> out = new ArrayList<>(items);
        out.sort(Comparator.comparing(key));
        return out;
    }
}
