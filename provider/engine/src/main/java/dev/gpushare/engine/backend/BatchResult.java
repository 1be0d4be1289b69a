package dev.gpushare.engine.backend;

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
}
