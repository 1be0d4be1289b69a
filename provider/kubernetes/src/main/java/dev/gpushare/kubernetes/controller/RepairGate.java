package dev.gpushare.kubernetes.controller;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The repair grace: an instance the backend reports unhealthy is shown to the planner as healthy
 * until it has been unhealthy for {@code grace}, so that a blip (a kubelet heartbeat missed, a MIG
 * manager retrying) is not a replacement. The clock starts at the first unhealthy sighting and is
 * reset only after the instance has stayed healthy for a whole grace window: a flapping node keeps
 * its first time, and is replaced once, when the grace since it first failed has passed and it is
 * unhealthy again. The planner then replaces it under the 20 %/1 rule, start-before-stop.
 */
public final class RepairGate {
    private final Duration grace;
    /** instance → first unhealthy sighting (of the current episode). */
    private final Map<InstanceId, Instant> since = new HashMap<>();
    /** instance → last unhealthy sighting. */
    private final Map<InstanceId, Instant> lastSeen = new HashMap<>();
    /** instances let through to the planner unhealthy (their repair is due). */
    private final Set<InstanceId> released = new HashSet<>();

    public RepairGate(Duration grace) {
        this.grace = grace;
    }

    public Duration grace() {
        return grace;
    }

    /** What the gate did to one snapshot: the snapshot for the planner, and when to look again. */
    public record Gated(Snapshot snapshot, List<InstanceId> held, Optional<Duration> recheckIn) {}

    public synchronized Gated gate(Snapshot actual, Instant now) {
        List<Instance> instances = new ArrayList<>();
        List<InstanceId> held = new ArrayList<>();
        Duration recheck = null;
        Set<InstanceId> present = new HashSet<>();
        for (Instance i : actual.state().instances()) {
            present.add(i.id());
            if (i.healthy()) {
                Instant last = lastSeen.get(i.id());
                if (last != null && !now.isBefore(last.plus(grace))) forget(i.id());
                instances.add(i);
                continue;
            }
            Instant first = since.computeIfAbsent(i.id(), k -> now);
            lastSeen.put(i.id(), now);
            Instant dueAt = first.plus(grace);
            if (now.isBefore(dueAt)) {
                held.add(i.id());
                instances.add(new Instance(i.id(), i.owner(), i.instanceType(), true, null, i.gpus()));
                Duration left = Duration.between(now, dueAt);
                if (recheck == null || left.compareTo(recheck) < 0) recheck = left;
            } else {
                released.add(i.id());
                instances.add(i);
            }
        }
        // instances gone from the backend: forgotten (their replacement is measured by replaced())
        since.keySet().removeIf(id -> !present.contains(id) && !released.contains(id));
        FleetState state = new FleetState(actual.state().cluster(), instances, actual.state().unplaced());
        return new Gated(new Snapshot(state, actual.revision(), actual.declaredLayouts(), actual.supply()), held, Optional.ofNullable(recheck));
    }

    /**
     * The released instances among {@code terminated} (an applied plan replaced them), with the
     * time from their first unhealthy sighting to now; they are forgotten.
     */
    public synchronized Map<InstanceId, Duration> replaced(Set<InstanceId> terminated, Instant now) {
        Map<InstanceId, Duration> out = new HashMap<>();
        for (InstanceId id : new ArrayList<>(released)) {
            if (!terminated.contains(id)) continue;
            out.put(id, Duration.between(since.getOrDefault(id, now), now));
            forget(id);
        }
        return out;
    }

    private void forget(InstanceId id) {
        since.remove(id);
        lastSeen.remove(id);
        released.remove(id);
    }
}
