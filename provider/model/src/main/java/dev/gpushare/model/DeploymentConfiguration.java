package dev.gpushare.model;

/**
 * How a service's copies are replaced when what they run changes (ECS {@code
 * deploymentConfiguration}): a new revision rolls out in waves within these bounds, each a
 * percentage of the service's desiredCount.
 *
 * @param minimumHealthyPercent copies that must stay running and healthy during a rollout, in percent
 *                              of desiredCount, rounded up (0–100; {@code null}: 100)
 * @param maximumPercent        copies that may run at once during a rollout, old and new, in percent of
 *                              desiredCount, rounded down (100–200; {@code null}: 200)
 */
public record DeploymentConfiguration(Integer minimumHealthyPercent, Integer maximumPercent) {
    /** ECS's default for a replica service with rolling updates. */
    public static final int DEFAULT_MINIMUM_HEALTHY_PERCENT = 100;
    /** ECS's default for a replica service with rolling updates. */
    public static final int DEFAULT_MAXIMUM_PERCENT = 200;
    /** Both defaults. */
    public static final DeploymentConfiguration DEFAULT = new DeploymentConfiguration(null, null);

    /** {@link #minimumHealthyPercent}, or its default. */
    public int minimumHealthy() {
        return minimumHealthyPercent == null ? DEFAULT_MINIMUM_HEALTHY_PERCENT : minimumHealthyPercent;
    }

    /** {@link #maximumPercent}, or its default. */
    public int maximum() {
        return maximumPercent == null ? DEFAULT_MAXIMUM_PERCENT : maximumPercent;
    }

    /** Copies that must stay healthy during a rollout of {@code desiredCount}: ⌈min% × n / 100⌉. */
    public int minimumHealthyCopies(int desiredCount) {
        return (int) Math.min(Integer.MAX_VALUE, (minimumHealthy() * (long) desiredCount + 99) / 100);
    }

    /** Copies that may run at once during a rollout of {@code desiredCount}: ⌊max% × n / 100⌋. */
    public int maximumCopies(int desiredCount) {
        return (int) Math.min(Integer.MAX_VALUE, maximum() * (long) desiredCount / 100);
    }
}
