package dev.gpushare.engine.reconcile;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problems {@link ActionCheck} finds in actions before they are written: an apply (a saved
 * plan, a batch sent to the placement service) is refused as a whole with these, nothing written.
 * Plans that gpushare made never have them; a hand-edited, forged or corrupted one does — except
 * {@link #ROLLOUT_STOPPED}, how an apply ends whose rollout the circuit breaker stopped.
 */
public enum ApplyCode implements ProblemCode {
    @Doc(cause = "An instance id, task, container, capacity provider or endpoint name in an action is not a gpushare name (e.g. it holds a line break or a terminal escape).",
            fix = "Apply a plan gpushare made (gpushare plan --out FILE); ids are NAME-N for instances and NAME/N for copies.")
    ACTION_MALFORMED_ID,
    @Doc(cause = "A launched instance names an instance type that is neither in the catalog nor declared with the action.",
            fix = "Plan again from the spec; declare a type missing from the catalog under instanceTypes.")
    ACTION_UNKNOWN_INSTANCE_TYPE,
    @Doc(cause = "A launched or configured instance's GPUs do not match its instance type (count, model, memory, fraction, mode or MIG partitions).",
            fix = "Plan again from the spec instead of editing the plan.")
    ACTION_INSTANCE_SHAPE,
    @Doc(cause = "An action places a copy on, or configures, an instance or GPU that neither the state nor an earlier action of the plan has.",
            fix = "Plan again against the current state (gpushare plan).")
    ACTION_UNKNOWN_TARGET,
    @Doc(cause = "A copy's GPU memory, compute percent or GPU index is outside what the GPU has (e.g. 999999999 MiB, 999 percent, GPU -3).",
            fix = "Plan again from the spec; the solver never asks for more than a GPU has.")
    ACTION_OUT_OF_RANGE,
    @Doc(cause = "A copy's environment differs from what gpushare sets for its allocation (an extra variable such as LD_PRELOAD, or a wrong value).",
            fix = "Plan again from the spec; the environment is derived from the allocation and cannot be chosen.")
    ACTION_ENVIRONMENT,
    @Doc(cause = "A reason or health text in an action holds control characters or is longer than 512 characters.",
            fix = "Plan again; reasons are written by gpushare.")
    ACTION_TEXT,
    @Doc(cause = "After the plan's actions a GPU would hold more than it can (more MPS memory than it has, two copies on a whole GPU or on one MIG instance, a copy on a GPU whose mode does not take it).",
            fix = "Plan again against the current state (gpushare plan); the solver never plans this.")
    ACTION_INCONSISTENT,
    @Doc(cause = "An action of the batch would leave an instance holding more than it can — more MPS memory or MPS clients than a GPU has, two copies on a whole or fractional GPU or on one MIG instance, a copy on a MIG instance the GPU lacks, more time-slicing replicas than configured, more host CPU or memory than the instance has. Checked after every action, against the state the batch applies to, with the checks placement uses; the whole batch is refused and nothing is written.",
            fix = "Plan again against the current state (gpushare plan) instead of editing a plan or forging a batch; the message gives the copy, the resource and the numbers, the path the action.")
    ACTION_CAPACITY,
    @Doc(cause = "Apply stopped a rollout: the deployment circuit breaker tripped (the copies of the new revision that did not become ready within the deadline reached its threshold, 0.5 × desiredCount, at least 3, at most 200) and, with deploymentCircuitBreaker.rollback, every copy the rollout had replaced went back to the revision it ran. The rest of the plan was not applied; `gpushare status` shows the rollout as failed or rolled back, with the reason.",
            fix = "Fix what kept the copies from becoming ready (the image, command or health check, or the instance's health: `gpushare status`), then change the task definition so that a new revision rolls out (the plan does not roll the failed revision out again).")
    ROLLOUT_STOPPED;
}
