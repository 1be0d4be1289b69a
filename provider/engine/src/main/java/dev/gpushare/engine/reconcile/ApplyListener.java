package dev.gpushare.engine.reconcile;

import dev.gpushare.engine.plan.Plan;

/** Hears how an apply goes, batch by batch (the CLI prints progress lines from it). */
public interface ApplyListener {
    ApplyListener NONE = (done, total, revision) -> {};

    default void started(Plan plan) {}

    /** After each committed batch: {@code done} of {@code total} actions, backend now at {@code revision}. */
    void committed(int done, int total, long revision);
}
