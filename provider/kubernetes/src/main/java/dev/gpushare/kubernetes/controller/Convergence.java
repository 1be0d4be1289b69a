package dev.gpushare.kubernetes.controller;

import dev.gpushare.engine.converge.Converger;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.InstanceId;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import dev.gpushare.engine.plan.Action;
import java.util.Optional;
import java.util.function.Function;

/**
 * One turn of the loop — observe, plan, apply, remember — through the engine's {@link Converger}
 * (its baseline is used only while nothing changed under it, so a pod deleted, evicted or edited
 * out of band, or a health change, is seen by the very next plan). Between observe and plan the
 * {@link RepairGate} holds back instances still inside their repair grace; a plan is applied only
 * when nothing it needs is still being deleted.
 */
public final class Convergence {
    private final RepairGate gate;
    private final Converger converger;

    public Convergence(Backend backend, RepairGate gate) {
        this.gate = gate;
        this.converger = new Converger(backend);
    }

    /**
     * What one turn did.
     *
     * @param plan      the plan made (empty: already converged)
     * @param outcome   the apply's outcome, empty when the plan was empty
     * @param replaced  unhealthy instances this turn replaced, with the time from unhealthy to replaced
     * @param recheckIn when an instance held by the grace is due: look again then
     * @param waiting   what the plan waits for before it may be applied (not applied this turn)
     */
    public record Turn(Plan plan, Optional<ApplyOutcome> outcome, Map<InstanceId, Duration> replaced,
                       Optional<Duration> recheckIn, Optional<String> waiting) {
        public boolean converged() {
            return waiting.isEmpty() && plan.isEmpty() || outcome.map(o -> o instanceof ApplyOutcome.Applied).orElse(false);
        }
    }

    public Turn once(ResolvedSpec spec) {
        return once(spec, plan -> Optional.empty());
    }

    /** A turn whose plan is applied only when {@code hold} names nothing to wait for. */
    public Turn once(ResolvedSpec spec, Function<Plan, Optional<String>> hold) {
        Snapshot actual = converger.backend().read(spec.spec().cluster());
        RepairGate.Gated gated = gate.gate(actual, Instant.now());
        Plan plan = converger.plan(spec, gated.snapshot()).plan();
        if (plan.isEmpty()) return new Turn(plan, Optional.empty(), Map.of(), gated.recheckIn(), Optional.empty());
        Optional<String> waiting = hold.apply(plan);
        if (waiting.isPresent()) return new Turn(plan, Optional.empty(), Map.of(), gated.recheckIn(), waiting);
        ApplyOutcome outcome = converger.apply(plan, ApplyListener.NONE);
        Map<InstanceId, Duration> replaced = Map.of();
        if (outcome instanceof ApplyOutcome.Applied) {
            Set<InstanceId> terminated = new HashSet<>();
            for (Action a : plan.actions()) if (a instanceof Action.TerminateInstance t) terminated.add(t.instanceId());
            replaced = gate.replaced(terminated, Instant.now());
        }
        return new Turn(plan, Optional.of(outcome), replaced, gated.recheckIn(), Optional.empty());
    }
}
