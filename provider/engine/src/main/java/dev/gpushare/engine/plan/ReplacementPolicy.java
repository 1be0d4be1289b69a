package dev.gpushare.engine.plan;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.Owner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which unhealthy instances one plan replaces: the ECS rule — at most 20% of a capacity provider's
 * (or endpoint's) instances at once, and only one when it has fewer than 9. The rest wait for the
 * next plan. Lowest ids first, so the choice is deterministic.
 */
public final class ReplacementPolicy {
    private ReplacementPolicy() {}

    /** How many of {@code instances} instances of one owner may be replaced at once (≥ 1). */
    public static int limit(int instances) {
        // fewer than 9 → 1; from 9 on, 20% rounded down (9 → 1, 10 → 2, 25 → 5), never 0
        return instances < 9 ? 1 : Math.max(1, instances / 5);
    }

    /** The unhealthy instances to replace now, by owner within {@link #limit}. */
    public static Set<InstanceId> choose(FleetState current) {
        boolean any = false; // the usual fleet: every instance healthy, nothing to group
        for (Instance i : current.instances()) {
            if (!i.healthy()) {
                any = true;
                break;
            }
        }
        if (!any) return new TreeSet<>();
        Map<Owner, List<Instance>> byOwner = new HashMap<>();
        for (Instance i : current.instances()) {
            byOwner.computeIfAbsent(i.owner(), k -> new ArrayList<>()).add(i);
        }
        Set<InstanceId> out = new TreeSet<>();
        for (List<Instance> group : byOwner.values()) {
            int budget = limit(group.size());
            List<InstanceId> unhealthy = new ArrayList<>();
            for (Instance i : group) if (!i.healthy()) unhealthy.add(i.id());
            unhealthy.sort(null);
            out.addAll(unhealthy.subList(0, Math.min(budget, unhealthy.size())));
        }
        return out;
    }
}
