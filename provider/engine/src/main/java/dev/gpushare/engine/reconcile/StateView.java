package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The instances an {@link ActionCheck} looks up, as the backend holds them now: a backend answers
 * from its store (one instance at a time, inside its write transaction), the reconciler from a
 * snapshot. Only ids, types and GPU configuration are read; allocations may be left out.
 */
@FunctionalInterface
public interface StateView {
    Optional<Instance> instance(InstanceId id);

    /** The instances of a state document. */
    static StateView of(FleetState state) {
        Map<InstanceId, Instance> byId = new HashMap<>();
        for (Instance i : state.instances()) byId.put(i.id(), i);
        return id -> Optional.ofNullable(byId.get(id));
    }
}
