package dev.gpushare.engine.advise.capacity.internal;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.util.ArrayList;
import java.util.List;

/** Spec sections for some workloads on one pool (or several, when kept apart). */
record Pieces(List<CapacityProvider> pools, List<TaskDefinition> tasks, List<Service> services,
              List<Endpoint> endpoints, List<InferenceComponent> components) {
    Pieces {
        pools = List.copyOf(pools);
        tasks = List.copyOf(tasks);
        services = List.copyOf(services);
        endpoints = List.copyOf(endpoints);
        components = List.copyOf(components);
    }

    static Pieces service(CapacityProvider pool, List<TaskDefinition> tasks, List<Service> services) {
        return new Pieces(List.of(pool), tasks, services, List.of(), List.of());
    }

    static Pieces endpoint(Endpoint e, List<InferenceComponent> components) {
        return new Pieces(List.of(), List.of(), List.of(), List.of(e), components);
    }

    Pieces plus(Pieces o) {
        return new Pieces(concat(pools, o.pools), concat(tasks, o.tasks), concat(services, o.services),
                concat(endpoints, o.endpoints), concat(components, o.components));
    }

    Pieces withEndpoints(List<Endpoint> e) {
        return new Pieces(pools, tasks, services, e, components);
    }

    /** A spec of these sections, with the cluster, declared types and pricing of {@code base}. */
    Spec on(Spec base) {
        return new Spec(base.apiVersion(), base.cluster(), pools, tasks, services, endpoints, components,
                base.instanceTypes(), base.pricing());
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
