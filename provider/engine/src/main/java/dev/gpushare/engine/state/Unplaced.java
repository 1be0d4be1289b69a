package dev.gpushare.engine.state;

import java.util.Objects;

/**
 * A copy that could not be placed, as data.
 *
 * @param task    the copy
 * @param code    the stable reason, e.g. {@link PlacementCode#INSUFFICIENT_GPU_MEMORY}
 * @param message the numbers (needed, free, limit) and the smallest change that would make it fit
 */
public record Unplaced(TaskId task, PlacementCode code, String message) {
    public Unplaced {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }
}
