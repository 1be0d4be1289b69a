package dev.gpushare.engine.converge;

import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.FleetState;
import java.util.Objects;

/**
 * How one {@link Converger#converge} ended.
 *
 * @param plan     the last plan made (the one applied, or refused, or that met a conflict)
 * @param outcome  {@link ApplyOutcome.Applied} when the cluster is converged to the spec (an empty
 *                 plan is applied with 0 actions); {@link ApplyOutcome.Refused} when the
 *                 apply-time check refused the plan; {@link ApplyOutcome.Conflict} when other
 *                 writers moved the cluster on every attempt
 * @param state    the cluster's state afterwards: the plan's desired state (with its unplaced
 *                 copies) when applied, otherwise the state the last plan was made from
 * @param attempts plans made (1 unless another writer moved the cluster under an apply)
 */
public record Converged(Plan plan, ApplyOutcome outcome, FleetState state, int attempts) {
    public Converged {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(state, "state");
    }

    /** True when every action of the plan committed: the cluster is at the spec. */
    public boolean converged() {
        return outcome instanceof ApplyOutcome.Applied;
    }

    /** The backend revision afterwards (the plan's revision unless applied). */
    public long revision() {
        return outcome instanceof ApplyOutcome.Applied a ? a.revision() : plan.revision();
    }

    /** Actions committed by this call (every attempt's prefix counts). */
    public int actionsApplied() {
        return switch (outcome) {
            case ApplyOutcome.Applied a -> a.actions();
            case ApplyOutcome.Conflict c -> c.appliedBefore();
            case ApplyOutcome.Refused r -> r.appliedBefore();
        };
    }
}
