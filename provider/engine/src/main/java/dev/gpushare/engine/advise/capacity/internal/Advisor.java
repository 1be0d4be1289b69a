package dev.gpushare.engine.advise.capacity.internal;

import dev.gpushare.model.NameRule;
import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.advise.capacity.Alternative;
import dev.gpushare.engine.advise.capacity.CapacityAdvice;
import dev.gpushare.engine.advise.capacity.Isolation;
import dev.gpushare.engine.advise.capacity.SharingForm;
import dev.gpushare.engine.advise.capacity.WorkloadAdvice;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code advise capacity}: every alternative of every workload placed by the engine, the cheapest
 * that keeps the isolation floor chosen, then the chosen alternatives that share a form and an
 * instance type put on one pool when that is not dearer than keeping them apart.
 */
public final class Advisor {
    private static final Comparator<Alternative> ORDER = Comparator
            .comparing((Alternative a) -> !a.feasible())
            .thenComparing(Alternative::costPerHour)
            .thenComparing(a -> -a.form().isolation().ordinal())
            .thenComparingInt(Alternative::instances)
            .thenComparing(Alternative::form)
            .thenComparing(Alternative::instanceType)
            .thenComparingInt(a -> -a.replicas());

    private Advisor() {}

    /** One evaluated alternative of a workload, with what was placed. */
    private record Tried(Alternative alternative, Evaluation evaluation, int replicas) {}

    public static CapacityAdvice advise(ResolvedSpec resolved, Isolation floor) {
        Spec spec = resolved.spec();
        Catalog catalog = resolved.catalog();
        Sizing.Result sized = Sizing.of(spec, catalog);
        Builder builder = new Builder(catalog);
        dev.gpushare.engine.cost.PriceList prices = dev.gpushare.engine.cost.PriceList.of(catalog, spec);
        List<InstanceType> types = catalog.instanceTypes();

        // 1. Every alternative of every workload, alone on a pool of its own.
        // Workloads are independent here: evaluated in parallel, collected in spec order.
        List<List<Tried>> evaluated = sized.workloads().parallelStream().map(w -> {
            List<Tried> tried = new ArrayList<>();
            for (SharingForm form : SharingForm.values()) {
                for (InstanceType t : types) {
                    int replicas = form == SharingForm.TIME_SLICING ? builder.replicas(w, t) : 0;
                    Optional<Pieces> pieces = builder.build(List.of(w), form, t, replicas, poolName(form, t, replicas));
                    if (pieces.isEmpty()) continue;
                    Evaluation e = Evaluation.of(spec, pieces.get());
                    tried.add(new Tried(alternative(form, t, replicas, e), e, replicas));
                }
            }
            tried.sort(Comparator.comparing(Tried::alternative, ORDER));
            return tried;
        }).toList();
        Map<Workload, List<Tried>> alone = new LinkedHashMap<>();
        for (int i = 0; i < evaluated.size(); i++) alone.put(sized.workloads().get(i), evaluated.get(i));
        // 2. Which pools each workload may go to (feasible, keeping the floor), cheapest first.
        Map<Workload, Map<Key, Alternative>> options = new LinkedHashMap<>();
        List<String> unadvised = new ArrayList<>();
        for (Map.Entry<Workload, List<Tried>> e : alone.entrySet()) {
            Map<Key, Alternative> allowed = new LinkedHashMap<>();
            for (Tried tr : e.getValue()) {
                Alternative a = tr.alternative();
                if (a.feasible() && floor.allows(a.form().isolation())) allowed.putIfAbsent(Key.of(e.getKey(), a), a);
            }
            if (allowed.isEmpty()) unadvised.add(e.getKey().name());
            else options.put(e.getKey(), allowed);
        }
        // 3. Combine: greedily the pool that saves most when every workload that may go there shares it.
        List<Group> groups = new ArrayList<>();
        Set<Workload> remaining = new java.util.LinkedHashSet<>(options.keySet());
        while (remaining.size() > 1) {
            Set<Key> candidates = new java.util.LinkedHashSet<>();
            for (Workload w : remaining) candidates.addAll(options.get(w).keySet());
            // Each candidate pool with everyone who may go there. Branch and bound: a pool's cost is at
            // least its members' GPU memory over the memory of one instance, in whole instances, times
            // its price; candidates are tried by that bound and skipped once it cannot beat the best.
            record Candidate(Key key, List<Workload> members, BigDecimal apart, BigDecimal bound) {}
            List<Candidate> ordered = new ArrayList<>();
            for (Key k : candidates) {
                List<Workload> members = remaining.stream().filter(w -> options.get(w).containsKey(k)).toList();
                if (members.size() < 2) continue;
                Optional<BigDecimal> price = prices.perHour(k.instanceType());
                if (price.isEmpty()) continue;
                BigDecimal apart = BigDecimal.ZERO;
                for (Workload w : members) apart = apart.add(cheapest(options, w).costPerHour());
                BigDecimal bound = apart.subtract(price.get().multiply(BigDecimal.valueOf(lowerBoundInstances(k, members, catalog))));
                if (bound.signum() > 0) ordered.add(new Candidate(k, members, apart, bound));
            }
            ordered.sort(Comparator.comparing(Candidate::bound).reversed());
            Group best = null;
            BigDecimal bestSaving = BigDecimal.ZERO;
            for (Candidate c : ordered) {
                if (best != null && c.bound().compareTo(bestSaving) < 0) break;
                Optional<Evaluation> together = together(builder, spec, catalog, c.key(), c.members(),
                        poolName(c.key(), catalog, builder, c.members()));
                if (together.isEmpty()) continue;
                BigDecimal saving = c.apart().subtract(together.get().usage().costPerHour());
                if (saving.signum() > 0 && (best == null || saving.compareTo(bestSaving) > 0
                        || (saving.compareTo(bestSaving) == 0 && c.members().size() > best.members().size()))) {
                    best = new Group(c.key(), c.members());
                    bestSaving = saving;
                }
            }
            if (best == null) break;
            groups.add(best);
            remaining.removeAll(best.members());
        }
        // What is left goes to its cheapest pool; those that picked the same one share it when not dearer.
        Map<Key, List<Workload>> rest = new LinkedHashMap<>();
        for (Workload w : remaining) rest.computeIfAbsent(Key.of(w, cheapest(options, w)), k -> new ArrayList<>()).add(w);
        for (Map.Entry<Key, List<Workload>> e : rest.entrySet()) {
            List<Workload> members = e.getValue();
            if (members.size() > 1) {
                Optional<Evaluation> together = together(builder, spec, catalog, e.getKey(), members,
                        poolName(e.getKey(), catalog, builder, members));
                BigDecimal apart = BigDecimal.ZERO;
                for (Workload w : members) apart = apart.add(cheapest(options, w).costPerHour());
                if (together.isPresent() && together.get().usage().costPerHour().compareTo(apart) <= 0) {
                    groups.add(new Group(e.getKey(), members));
                    continue;
                }
            }
            for (Workload w : members) groups.add(new Group(e.getKey(), List.of(w)));
        }
        List<Workload> order = new ArrayList<>(sized.workloads());
        groups.sort(Comparator.comparingInt(g -> order.indexOf(g.members().getFirst())));

        // 4. The chosen pools, named, placed once more as they will be written.
        Set<String> taken = keptNames(spec, options.keySet());
        List<CapacityAdvice.ChosenPool> pools = new ArrayList<>();
        Pieces all = new Pieces(List.of(), List.of(), List.of(), List.of(), List.of());
        BigDecimal apart = BigDecimal.ZERO;
        Map<Workload, Key> placedOn = new HashMap<>();
        for (Group g : groups) {
            String name = unique(poolName(g.key(), catalog, builder, g.members()), taken);
            Evaluation e = together(builder, spec, catalog, g.key(), g.members(), name).orElseThrow(
                    () -> new IllegalStateException("a chosen pool no longer places: " + g));
            all = all.plus(e.pieces());
            pools.add(new CapacityAdvice.ChosenPool(name, !g.key().service(), g.key().form(), g.key().instanceType(),
                    g.members().stream().map(Workload::name).toList(), e.state().instances().size(), e.usage().costPerHour()));
            for (Workload w : g.members()) {
                placedOn.put(w, g.key());
                apart = apart.add(cheapest(options, w).costPerHour());
            }
        }
        List<WorkloadAdvice> advice = new ArrayList<>();
        for (Map.Entry<Workload, List<Tried>> e : alone.entrySet()) {
            Workload w = e.getKey();
            List<Alternative> alternatives = e.getValue().stream().map(Tried::alternative).toList();
            int choice = -1;
            Key on = placedOn.get(w);
            for (int i = 0; on != null && i < alternatives.size() && choice < 0; i++) {
                Alternative a = alternatives.get(i);
                if (a.feasible() && floor.allows(a.form().isolation()) && Key.of(w, a).equals(on)) choice = i;
            }
            advice.add(new WorkloadAdvice(w.isService(), w.name(), w.copies(), w.sharedMiB(), w.computePercent(),
                    w.wholeGpus(), asSpecified(spec, w, catalog), alternatives, choice));
        }
        Set<Workload> advised = placedOn.keySet();
        Spec chosenSpec = assemble(spec, advised, all);
        ResolvedSpec chosenResolved = switch (Pipeline.check(chosenSpec)) {
            case Checked.Valid v -> v.spec();
            case Checked.Invalid i -> throw new IllegalStateException(
                    "advise capacity built an invalid spec (a bug; please report it): " + i.problems());
        };
        FleetUsage usage = FleetUsage.of(Pipeline.place(chosenResolved), chosenResolved);
        BigDecimal given = FleetUsage.of(Pipeline.place(resolved), resolved).costPerHour();
        return new CapacityAdvice(floor, advice, sized.skipped(), pools, chosenSpec, usage, apart, given, unadvised);
    }

    /** A pool kind: which workloads (services or components), which form, which type. */
    private record Key(boolean service, SharingForm form, String instanceType) {
        static Key of(Workload w, Alternative a) {
            return new Key(w.isService(), a.form(), a.instanceType());
        }
    }

    /** Workloads that share one pool. */
    private record Group(Key key, List<Workload> members) {
        Group {
            members = List.copyOf(members);
        }
    }

    /** Instances a pool of kind {@code k} needs at least: the members' GPU memory over one instance's. */
    private static long lowerBoundInstances(Key k, List<Workload> members, Catalog catalog) {
        InstanceType t = catalog.instanceType(k.instanceType()).orElseThrow();
        long perInstance = Math.max(1, (long) t.gpuCount() * catalog.usableGpuMemoryMiB(t));
        long need = 0;
        for (Workload w : members) {
            long perCopy = w.wholeGpus() > 0 ? (long) w.wholeGpus() * catalog.usableGpuMemoryMiB(t) : w.sharedMiB();
            need += perCopy * w.copies();
        }
        return Math.max(1, (need + perInstance - 1) / perInstance);
    }

    private static Alternative cheapest(Map<Workload, Map<Key, Alternative>> options, Workload w) {
        return options.get(w).values().iterator().next();
    }

    /** Time-slicing replicas every member keeps its memory with: the least of theirs. */
    private static int replicas(Key k, Catalog catalog, Builder builder, List<Workload> members) {
        if (k.form() != SharingForm.TIME_SLICING) return 0;
        InstanceType t = catalog.instanceType(k.instanceType()).orElseThrow();
        int r = Integer.MAX_VALUE;
        for (Workload w : members) r = Math.min(r, builder.replicas(w, t));
        return r;
    }

    private static String poolName(Key k, Catalog catalog, Builder builder, List<Workload> members) {
        return poolName(k.form(), catalog.instanceType(k.instanceType()).orElseThrow(), replicas(k, catalog, builder, members));
    }

    /** The members on one pool of kind {@code k}, placed; empty when it cannot be built or does not place everything. */
    private static Optional<Evaluation> together(Builder builder, Spec spec, Catalog catalog, Key k, List<Workload> members,
                                                 String name) {
        InstanceType t = catalog.instanceType(k.instanceType()).orElseThrow();
        return builder.build(members, k.form(), t, replicas(k, catalog, builder, members), name)
                .map(p -> Evaluation.of(spec, p)).filter(Evaluation::feasible);
    }

    private static Alternative alternative(SharingForm form, InstanceType t, int replicas, Evaluation e) {
        List<String> layout = List.of();
        for (CapacityProvider cp : e.pieces().pools()) {
            if (cp.gpuSharing() instanceof dev.gpushare.model.GpuSharing.Mig m) layout = m.partitionLayout();
        }
        for (Endpoint ep : e.pieces().endpoints()) {
            if (ep.partitionLayout() != null) layout = ep.partitionLayout().stream().map(p -> p.substring(4)).toList();
        }
        return new Alternative(form, t.name(), layout, replicas, e.state().instances().size(), e.usage().costPerHour(),
                e.usage().memory().allocatedPercent(), e.feasible(), e.reason());
    }

    /** The workload on its own pool as the spec has it, placed alone; null when that pool is not a plain one. */
    private static Alternative asSpecified(Spec spec, Workload w, Catalog catalog) {
        Pieces p;
        SharingForm form;
        int replicas = 0;
        List<String> layout;
        String type;
        if (w.isService()) {
            CapacityProvider cp = spec.capacityProviders().stream().filter(c -> c.name().equals(w.service().capacityProvider()))
                    .findFirst().orElseThrow();
            type = cp.instanceType();
            InstanceType t = catalog.instanceType(type).orElseThrow();
            form = switch (cp.gpuSharing()) {
                case null -> t.fractional() ? SharingForm.FRACTION : SharingForm.MPS;
                case dev.gpushare.model.GpuSharing.Mps m -> SharingForm.MPS;
                case dev.gpushare.model.GpuSharing.Exclusive x -> SharingForm.WHOLE_GPU;
                case dev.gpushare.model.GpuSharing.Mig m -> SharingForm.MIG;
                case dev.gpushare.model.GpuSharing.TimeSlicing ts -> SharingForm.TIME_SLICING;
            };
            if (cp.gpuSharing() instanceof dev.gpushare.model.GpuSharing.TimeSlicing ts) replicas = ts.replicas();
            layout = cp.gpuSharing() instanceof dev.gpushare.model.GpuSharing.Mig m
                    ? m.partitionLayout().stream().map(s -> s.startsWith("mig-") ? s.substring(4) : s).toList() : List.of();
            p = Pieces.service(cp, List.of(w.task()), List.of(w.service()));
        } else {
            Endpoint e = spec.endpoints().stream().filter(x -> x.name().equals(w.component().endpoint())).findFirst().orElseThrow();
            type = e.instanceType();
            form = e.partitionLayout() == null ? SharingForm.WHOLE_GPU : SharingForm.MIG;
            layout = e.partitionLayout() == null ? List.of()
                    : e.partitionLayout().stream().map(s -> s.startsWith("mig-") ? s.substring(4) : s).toList();
            p = Pieces.endpoint(e, List.of(w.component()));
        }
        Evaluation ev = Evaluation.of(spec, p);
        return new Alternative(form, type, layout, replicas, ev.state().instances().size(), ev.usage().costPerHour(),
                ev.usage().memory().allocatedPercent(), ev.feasible(), ev.reason());
    }

    /** The spec with the advised workloads moved onto their chosen pools; pools and tasks nobody uses any more dropped. */
    private static Spec assemble(Spec spec, Set<Workload> advised, Pieces chosen) {
        Set<String> movedServices = new HashSet<>(), movedComponents = new HashSet<>();
        for (Workload w : advised) (w.isService() ? movedServices : movedComponents).add(w.name());
        List<Service> services = new ArrayList<>();
        for (Service s : spec.services()) if (!movedServices.contains(s.name())) services.add(s);
        List<InferenceComponent> components = new ArrayList<>();
        for (InferenceComponent ic : spec.inferenceComponents()) if (!movedComponents.contains(ic.name())) components.add(ic);
        Set<String> usedPools = new HashSet<>(), usedTasks = new HashSet<>(), usedEndpoints = new HashSet<>();
        for (Service s : services) {
            usedPools.add(s.capacityProvider());
            usedTasks.add(s.taskDefinition());
        }
        for (InferenceComponent ic : components) usedEndpoints.add(ic.endpoint());
        List<CapacityProvider> pools = new ArrayList<>();
        for (CapacityProvider cp : spec.capacityProviders()) if (usedPools.contains(cp.name())) pools.add(cp);
        List<TaskDefinition> tasks = new ArrayList<>();
        for (TaskDefinition td : spec.taskDefinitions()) if (usedTasks.contains(td.family())) tasks.add(td);
        List<Endpoint> endpoints = new ArrayList<>();
        for (Endpoint e : spec.endpoints()) if (usedEndpoints.contains(e.name())) endpoints.add(e);

        // Task families stay as they were unless two differing tasks would share one: the later is renamed.
        Map<String, TaskDefinition> byFamily = new HashMap<>();
        for (TaskDefinition td : tasks) byFamily.put(td.family(), td);
        for (int i = 0; i < chosen.services().size(); i++) {
            Service s = chosen.services().get(i);
            TaskDefinition td = chosen.tasks().get(i);
            TaskDefinition same = byFamily.get(td.family());
            if (same != null && !same.equals(td)) {
                String family = td.family() + "-" + s.name();
                for (int n = 2; byFamily.containsKey(family); n++) family = td.family() + "-" + s.name() + "-" + n;
                td = new TaskDefinition(family, td.cpu(), td.memoryMiB(), td.containers());
                s = new Service(s.name(), family, s.capacityProvider(), s.desiredCount(), s.placementStrategy(),
                        s.deploymentConfiguration(), s.deploymentCircuitBreaker());
            }
            if (!byFamily.containsKey(td.family())) {
                byFamily.put(td.family(), td);
                tasks.add(td);
            }
            services.add(s);
        }
        pools.addAll(chosen.pools());
        endpoints.addAll(chosen.endpoints());
        components.addAll(chosen.components());
        return new Spec(spec.apiVersion(), spec.cluster(), pools, tasks, services, endpoints, components,
                spec.instanceTypes(), spec.pricing());
    }

    /** Pool and endpoint names the chosen spec keeps from the given one. */
    private static Set<String> keptNames(Spec spec, Set<Workload> advised) {
        Set<String> moved = new HashSet<>();
        for (Workload w : advised) moved.add(w.name());
        Set<String> out = new HashSet<>();
        for (Service s : spec.services()) if (!moved.contains(s.name())) out.add(s.capacityProvider());
        for (InferenceComponent ic : spec.inferenceComponents()) if (!moved.contains(ic.name())) out.add(ic.endpoint());
        return out;
    }

    static String poolName(SharingForm form, InstanceType t, int replicas) {
        return switch (form) {
            case WHOLE_GPU -> "whole-" + t.name();
            case MPS -> "mps-" + t.name();
            case FRACTION -> "fraction-" + t.name();
            case TIME_SLICING -> "ts" + replicas + "-" + t.name();
            case MIG -> "mig-" + t.name();
        };
    }

    /** {@code name}, or with {@code -2}, {@code -3} … when taken; a name ({@link NameRule}) up to suffix -999. */
    private static String unique(String name, Set<String> taken) {
        int room = NameRule.MAX_LENGTH - 4;
        String base = name.length() > room ? name.substring(0, room) : name;
        String n = base;
        for (int i = 2; taken.contains(n); i++) n = base + "-" + i;
        taken.add(n);
        return n;
    }
}
