package dev.gpushare.engine.state;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Objects;

/**
 * What a backend keeps of a service's or inference component's last rollout: the revisions it
 * moves from and to, how far it got, and how it ended. Written by the plan's own actions
 * ({@code Action.RecordRollout}, folded by {@code StateFold} like every other change), so it
 * commits in the same batch as the wave it describes: an interrupted apply leaves the record of the
 * last wave that committed.
 *
 * @param group  the service or component
 * @param from   the revisions its copies ran ({@code unknown} for copies stored without one)
 * @param to     the revision it rolls out
 * @param wave   the last wave that committed (1-based, of this rollout's waves)
 * @param waves  how many waves the plan cut it into
 * @param phase  in progress, completed, failed or rolled back
 * @param reason why it failed or was rolled back (the circuit breaker's count), else null
 */
public record RolloutRecord(String group, List<String> from, String to, int wave, int waves, Phase phase, String reason) {
    public RolloutRecord {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(phase, "phase");
        from = List.copyOf(from);
    }

    /** How a rollout stands; written in JSON and text as {@link #text}. */
    public enum Phase {
        IN_PROGRESS("in progress"), COMPLETED("completed"), FAILED("failed"), ROLLED_BACK("rolled back");

        private final String text;

        Phase(String text) {
            this.text = text;
        }

        @JsonValue
        public String text() {
            return text;
        }

        /** The phase written {@code text}. */
        @com.fasterxml.jackson.annotation.JsonCreator
        public static Phase of(String text) {
            for (Phase p : values()) if (p.text.equals(text)) return p;
            throw new IllegalArgumentException("rollout phase '" + text + "' is not one of in progress, completed, failed, rolled back");
        }
    }

    /** {@code embedder 5e0c1d2a3b4f → 9a8b7c6d5e4f: wave 2 of 4, in progress} (+ {@code : reason}). */
    public String line() {
        return group + " " + String.join(", ", from) + " → " + to + ": wave " + wave + " of " + waves + ", " + phase.text()
                + (reason == null ? "" : ": " + reason);
    }
}
