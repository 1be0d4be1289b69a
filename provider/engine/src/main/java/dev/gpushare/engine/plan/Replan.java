package dev.gpushare.engine.plan;

import dev.gpushare.engine.placement.ChangeSet;
import dev.gpushare.engine.placement.Bookkeeping;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.FleetState;
import java.util.Objects;
import java.util.Optional;

/**
 * A plan from {@link Planner#replan} with what the next {@link Baseline} is made of.
 *
 * @param plan    the plan (the same, byte for byte, whichever path made it)
 * @param memo    the placement bookkeeping of {@code plan.desired()} (opaque)
 * @param changes  the change set the plan was made from, or null when it took the full path
 * @param observed the actual state the plan was made from
 */
public record Replan(Plan plan, Bookkeeping memo, ChangeSet changes, FleetState observed) {
    public Replan {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(memo, "memo");
        Objects.requireNonNull(observed, "observed");
    }

    /** True when placement and diff took the change-set path. */
    public boolean changeSetPath() {
        return changes != null;
    }

    /**
     * The baseline once the plan has been applied: present only when every action committed
     * (the state is then the plan's desired state at the outcome's revision) and the plan carries
     * its spec.
     */
    public Optional<Baseline> after(ApplyOutcome outcome) {
        if (plan.spec() == null || !(outcome instanceof ApplyOutcome.Applied a) || a.actions() != plan.actions().size()
                || rolloutRefused()) {
            return Optional.empty();
        }
        // the instances the backend holds now: every backend folds the actions with the one state
        // transition, so this is exactly what the next snapshot has while nothing else changed
        return Optional.of(new Baseline(plan.spec(), a.revision(), memo, StateFold.apply(observed, plan.actions()).instances()));
    }

    /**
     * True when the plan left a rollout out (no room): the state then runs other revisions than the
     * spec, so it is no baseline to follow the change from (the next plan must try the rollout again).
     */
    private boolean rolloutRefused() {
        for (var u : plan.desired().unplaced()) if (u.code() == dev.gpushare.engine.state.PlacementCode.ROLLOUT_NO_ROOM) return true;
        return false;
    }

    /** The baseline when nothing is to be done: the state at the plan's revision is already the desired one. */
    public Optional<Baseline> converged() {
        return plan.isEmpty() && plan.spec() != null && !rolloutRefused() ? Optional.of(new Baseline(plan.spec(), plan.revision(), memo, observed.instances()))
                : Optional.empty();
    }
}
