package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.plan.Action.Placement;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.TaskId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Whether the copies a rollout's wave started are ready: the signal the rollout waits for before it
 * goes on, and what the deployment circuit breaker counts. A backend that knows more than its
 * state plugs its own in (the Kubernetes backend: each pod's Ready condition, its readiness probe
 * built from the task definition's healthCheck); {@link #fromState} is what the local and HTTP
 * backends answer: a copy is ready once it is placed, unless a health report says otherwise — the
 * instance it runs on is marked unhealthy (an agent's report, {@code gpushare mark-unhealthy}).
 */
@FunctionalInterface
public interface Readiness {
    /**
     * Of {@code started} (the new copies of a wave, as the plan placed them), those not ready now,
     * each with why; empty when all are.
     */
    Map<TaskId, String> notReady(String cluster, List<Placement> started);

    /** Ready when placed, unless the instance the copy runs on is marked unhealthy, or the copy does not run there. */
    static Readiness fromState(Backend backend) {
        Objects.requireNonNull(backend, "backend");
        return (cluster, started) -> {
            Map<InstanceId, Instance> byId = new HashMap<>();
            for (Instance i : backend.read(cluster).state().instances()) byId.put(i.id(), i);
            Map<TaskId, String> out = new TreeMap<>();
            for (Placement p : started) {
                Instance i = byId.get(p.instanceId());
                if (i == null) {
                    out.put(p.allocation().task(), "instance " + p.instanceId() + " is gone");
                } else if (!i.healthy()) {
                    out.put(p.allocation().task(), "instance " + i.id() + " is unhealthy: " + i.healthReason());
                } else if (!runs(i, p)) {
                    out.put(p.allocation().task(), "it does not run on " + i.id() + " gpu " + p.gpuIndex());
                }
            }
            return out;
        };
    }

    private static boolean runs(Instance i, Placement p) {
        for (Gpu g : i.gpus()) {
            if (g.index() != p.gpuIndex()) continue;
            for (Allocation a : g.allocations()) {
                if (a.task().equals(p.allocation().task()) && a.container().equals(p.allocation().container())
                        && Objects.equals(a.revision(), p.allocation().revision())) return true;
            }
        }
        return false;
    }
}
