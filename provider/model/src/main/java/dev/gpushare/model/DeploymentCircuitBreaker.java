package dev.gpushare.model;

/**
 * ECS's deployment circuit breaker: a rollout whose new copies keep failing to become healthy is
 * stopped (threshold: half of desiredCount, at least 3, at most 200 failed copies) and, with
 * {@code rollback}, returned to the last revision that completed.
 *
 * @param enable   stop a failing rollout
 * @param rollback return it to the last completed revision when stopped
 */
public record DeploymentCircuitBreaker(boolean enable, boolean rollback) {
    /** Failed copies that trip the breaker for {@code desiredCount}: ⌈0.5 × n⌉, at least 3, at most 200 (ECS). */
    public static int threshold(int desiredCount) {
        return Math.max(3, Math.min(200, (desiredCount + 1) / 2));
    }
}
