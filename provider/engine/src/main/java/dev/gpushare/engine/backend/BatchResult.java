package dev.gpushare.engine.backend;

import dev.gpushare.model.problem.Problem;
import java.util.List;

/** What a backend did with one batch of actions. */
public sealed interface BatchResult {

    /** The batch committed as a whole; the cluster is now at {@code revision}. */
    record Committed(long revision) implements BatchResult {}

    /**
     * Refused, nothing written: the cluster moved to {@code currentRevision} since the caller read
     * {@code expectedRevision} (another apply won). Re-plan against the new state.
     */
    record RevisionConflict(String cluster, long expectedRevision, long currentRevision) implements BatchResult {
        public String message() {
            return "cluster " + cluster + " changed while this plan was applied (plan made at revision "
                    + expectedRevision + ", backend now at " + currentRevision
                    + "); another apply won — run plan again against the new state";
        }
    }

    /**
     * Refused, nothing written: an action of the batch does not hold against the current state and
     * the catalog (a forged or hand-edited action, see {@link
     * dev.gpushare.engine.reconcile.ActionCheck}). The whole batch is refused, never part of it.
     *
     * @param problems every problem found, paths into the batch ({@code /actions/3/to/0/allocation/env})
     */
    record Refused(String cluster, List<Problem> problems) implements BatchResult {
        public Refused {
            problems = List.copyOf(problems);
        }

        public String message() {
            return "cluster " + cluster + ": " + problems.size() + " action problem(s); nothing was written — plan again"
                    + " rather than editing a plan by hand";
        }
    }
}
