package dev.gpushare.engine.plan.internal;

import dev.gpushare.engine.backend.InstanceSupply;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.TaskId;
import dev.gpushare.engine.state.Unplaced;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Keeps a desired state within what the backend can start: of the instances the placement adds
 * (ids the current state lacks), per instance type only as many as {@link InstanceSupply} has
 * free, lowest ids first; the copies on the others become unplaced with {@link
 * PlacementCode#NO_FREE_NODE} and a message naming how many of which type to add. Instances that
 * already run are never dropped.
 */
public final class SupplyLimit {
    private SupplyLimit() {}

    public static FleetState apply(FleetState desired, FleetState current, InstanceSupply supply) {
        Set<InstanceId> running = new HashSet<>();
        for (Instance i : current.instances()) running.add(i.id());
        Map<String, Integer> left = new TreeMap<>();
        Map<String, Integer> missing = new TreeMap<>();
        List<Instance> kept = new ArrayList<>();
        List<Instance> dropped = new ArrayList<>();
        for (Instance i : desired.instances()) { // in id order, so the lowest new ids get the nodes
            if (running.contains(i.id())) {
                kept.add(i);
                continue;
            }
            int free = left.computeIfAbsent(i.instanceType(), supply::freeOf);
            if (free > 0) {
                left.put(i.instanceType(), free - 1);
                kept.add(i);
            } else {
                dropped.add(i);
                missing.merge(i.instanceType(), 1, Integer::sum);
            }
        }
        if (dropped.isEmpty()) return desired;
        List<Unplaced> unplaced = new ArrayList<>(desired.unplaced());
        for (Instance i : dropped) {
            Set<TaskId> tasks = new LinkedHashSet<>();
            for (Gpu g : i.gpus()) for (Allocation a : g.allocations()) tasks.add(a.task());
            int add = missing.get(i.instanceType());
            String message = i.owner().name() + " needs " + add + " more " + i.instanceType() + " instance"
                    + (add == 1 ? "" : "s") + " than the backend has free (" + supply.freeOf(i.instanceType())
                    + " free); " + String.format(supply.addHint(), add, i.instanceType());
            for (TaskId t : tasks) unplaced.add(new Unplaced(t, PlacementCode.NO_FREE_NODE, message));
        }
        unplaced.sort(java.util.Comparator.comparing(Unplaced::task));
        return new FleetState(desired.cluster(), kept, unplaced);
    }
}
