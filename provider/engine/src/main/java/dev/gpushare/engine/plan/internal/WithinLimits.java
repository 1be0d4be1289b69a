package dev.gpushare.engine.plan.internal;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.Spec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Keeps an apply within each pool's instance limit while it runs. A plan launches new instances
 * first and terminates last (new copies start before old ones stop, as ECS does), so a pool holds
 * every current and every desired instance at its peak. When that is more than the pool may have
 * ({@code maxInstances}, an endpoint's {@code instanceCount}) — a replacement of an unhealthy
 * instance in a full pool, typically — a new instance takes the id of one that goes away, and the
 * diff turns the pair into one {@code ReplaceInstance}: terminate first, then launch (the copies on
 * it stop and start again). No surge instance beyond the limit, ever. See docs/plan-apply.md.
 */
public final class WithinLimits {
    private WithinLimits() {}

    public static FleetState apply(Spec spec, FleetState current, FleetState desired) {
        Map<Owner, Integer> limits = new HashMap<>();
        for (CapacityProvider p : spec.capacityProviders()) limits.put(new Owner.CapacityProvider(p.name()), p.maxInstances());
        for (Endpoint e : spec.endpoints()) limits.put(new Owner.Endpoint(e.name()), e.instanceCount());

        // |current ∪ desired| ≤ |current| + |desired|: a pool below its limit by that count needs no look at its ids
        Map<Owner, Integer> atMost = new HashMap<>();
        count(current, atMost);
        count(desired, atMost);
        Map<InstanceId, InstanceId> rename = new HashMap<>();
        Map<InstanceId, Instance> currentById = null, desiredById = null; // made for the first pool that needs a look
        for (Map.Entry<Owner, Integer> limit : limits.entrySet()) {
            if (atMost.getOrDefault(limit.getKey(), 0) <= limit.getValue()) continue;
            if (currentById == null) {
                currentById = byId(current);
                desiredById = byId(desired);
            }
            Set<InstanceId> cur = new TreeSet<>(), des = new TreeSet<>(); // in id order: which pairs is deterministic
            for (Instance i : current.instances()) if (i.owner().equals(limit.getKey())) cur.add(i.id());
            for (Instance i : desired.instances()) if (i.owner().equals(limit.getKey())) des.add(i.id());
            Set<InstanceId> all = new TreeSet<>(cur);
            all.addAll(des);
            int excess = all.size() - limit.getValue();
            if (excess <= 0) continue;
            List<InstanceId> gone = new ArrayList<>(), fresh = new ArrayList<>();
            // unhealthy ones first (they are why a plan replaces at all)
            for (InstanceId id : cur) if (!des.contains(id) && !currentById.get(id).healthy()) gone.add(id);
            for (InstanceId id : cur) if (!des.contains(id) && currentById.get(id).healthy()) gone.add(id);
            for (InstanceId id : des) if (!cur.contains(id)) fresh.add(id);
            for (int k = 0, f = 0; k < gone.size() && f < fresh.size() && excess > 0; k++) {
                Instance old = currentById.get(gone.get(k));
                Instance neu = desiredById.get(fresh.get(f));
                if (!old.instanceType().equals(neu.instanceType())) continue;
                rename.put(neu.id(), old.id());
                f++;
                excess--;
            }
        }
        if (rename.isEmpty()) return desired;
        List<Instance> out = new ArrayList<>();
        for (Instance i : desired.instances()) {
            InstanceId id = rename.get(i.id());
            out.add(id == null ? i : new Instance(id, i.owner(), i.instanceType(), true, null, i.gpus()));
        }
        return new FleetState(desired.cluster(), out, desired.unplaced());
    }

    /** Instances per owner, added to {@code out}; instances come by owner, so most follow one of the same. */
    private static void count(FleetState state, Map<Owner, Integer> out) {
        Owner last = null;
        int run = 0;
        for (Instance i : state.instances()) {
            if (i.owner() != last) {
                if (last != null) out.merge(last, run, Integer::sum);
                last = i.owner();
                run = 0;
            }
            run++;
        }
        if (last != null) out.merge(last, run, Integer::sum);
    }

    private static Map<InstanceId, Instance> byId(FleetState state) {
        Map<InstanceId, Instance> out = HashMap.newHashMap(state.instances().size());
        for (Instance i : state.instances()) out.put(i.id(), i);
        return out;
    }
}
