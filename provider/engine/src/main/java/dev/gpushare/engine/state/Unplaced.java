package dev.gpushare.engine.state;

import java.util.Objects;

/**
 * A copy that could not be placed, as data.
 *
 * @param task   the copy
 * @param reason why, with the numbers the solver saw; its {@link UnplacedReason#code() code} is
 *               the stable reason, its {@link UnplacedReason#message() message} the sentence
 */
public record Unplaced(TaskId task, UnplacedReason reason) {
    public Unplaced {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(reason, "reason");
    }

    /** A reason known only as text (read back from a store, or from a check outside the solver). */
    public Unplaced(TaskId task, PlacementCode code, String message) {
        this(task, new UnplacedReason.Text(code, message));
    }

    /** The stable reason, e.g. {@link PlacementCode#INSUFFICIENT_GPU_MEMORY}. */
    public PlacementCode code() {
        return reason.code();
    }

    /** The numbers (needed, free, limit) and the smallest change that would make it fit. */
    public String message() {
        return reason.message();
    }

    /**
     * Equal when they say the same: the same copy, code and message, whether the reason is the
     * solver's record or the text read back from a store.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Unplaced u && task.equals(u.task) && code() == u.code() && message().equals(u.message());
    }

    @Override
    public int hashCode() {
        return Objects.hash(task, code(), message());
    }

    @Override
    public String toString() {
        return "Unplaced[task=" + task + ", code=" + code() + ", message=" + message() + "]";
    }
}
