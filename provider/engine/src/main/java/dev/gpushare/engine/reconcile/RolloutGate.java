package dev.gpushare.engine.reconcile;

import java.time.Duration;
import java.util.Objects;

/**
 * How apply runs a plan's rollouts: after each wave commits, it waits up to {@code deadline} for
 * the wave's new copies to be ready ({@link Readiness}, asked every {@code poll}); copies still not
 * ready count towards the service's deployment circuit breaker ({@link CircuitBreaker}), which,
 * enabled and tripped, stops the rollout and — with {@code rollback} — returns every copy it
 * replaced to the revision it ran.
 */
public record RolloutGate(Readiness readiness, Duration deadline, Duration poll) {
    public RolloutGate {
        Objects.requireNonNull(readiness, "readiness");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(poll, "poll");
        if (deadline.isNegative() || poll.isNegative() || poll.isZero()) {
            throw new IllegalArgumentException("deadline must be ≥ 0 and poll > 0, were " + deadline + " and " + poll);
        }
    }
}
