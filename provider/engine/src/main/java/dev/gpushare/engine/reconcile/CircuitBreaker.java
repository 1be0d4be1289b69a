package dev.gpushare.engine.reconcile;

/**
 * The deployment circuit breaker's threshold, as ECS sets it: a rollout fails once this many of
 * its new copies did not become ready within the deadline — half the desired count (rounded up),
 * at least 3, at most 200.
 */
public final class CircuitBreaker {
    private CircuitBreaker() {}

    /** ⌈0.5 × desiredCount⌉, at least 3, at most 200. */
    public static int threshold(int desiredCount) {
        return Math.min(200, Math.max(3, (desiredCount + 1) / 2));
    }
}
