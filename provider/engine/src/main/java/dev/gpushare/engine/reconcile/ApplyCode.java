package dev.gpushare.engine.reconcile;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problems {@link ActionCheck} finds in actions before they are written: an apply (a saved
 * plan, a batch sent to the placement service) is refused as a whole with these, nothing written.
 * Plans that gpushare made never have them; a hand-edited, forged or corrupted one does — except
 * {@link #ROLLOUT_STOPPED}, how an apply ends whose rollout the circuit breaker stopped.
 */
public enum ApplyCode implements ProblemCode {
    ACTION_MALFORMED_ID,
    ACTION_UNKNOWN_INSTANCE_TYPE,
    ACTION_INSTANCE_SHAPE,
    ACTION_UNKNOWN_TARGET,
    ACTION_OUT_OF_RANGE,
    ACTION_ENVIRONMENT,
    ACTION_TEXT,
    ACTION_INCONSISTENT,
    ACTION_CAPACITY,
    ROLLOUT_STOPPED;
}
