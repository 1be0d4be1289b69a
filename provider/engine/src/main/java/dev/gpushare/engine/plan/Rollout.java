package dev.gpushare.engine.plan;

import java.util.List;
import java.util.Objects;

/**
 * One service's or inference component's rollout in a plan: its copies move from the revisions
 * they run to the spec's, in waves that fit the GPUs at every step and keep the service within its
 * deployment configuration.
 *
 * @param group     the service or component
 * @param from      the revisions its copies run now ({@code unknown} for copies stored without one)
 * @param to        the spec's revision
 * @param copies    copies replaced
 * @param firstWave the plan's number of its first wave (waves count from 1 over the whole plan)
 * @param waves     how many waves it takes
 * @param stopFirst copies stopped before their new copy starts (within minimumHealthyPercent: the
 *                  GPUs had no room for both); the others start before the old copy stops
 * @param minimumHealthy copies that stay healthy at every step (⌈minimumHealthyPercent × desiredCount⌉)
 * @param maximumRunning copies that may run at once (⌊maximumPercent × desiredCount⌋)
 * @param extraInstances surge instances launched for it (the pool had no room; within maxInstances):
 *                       at its peak the pool runs this many more instances than when it started;
 *                       the instances it empties are terminated after the waves
 * @param extraInstanceType their instance type, or null when none
 * @param extraPerHour   what they cost together per hour while they run (list price, USD), or null
 */
public record Rollout(String group, List<String> from, String to, int copies, int firstWave, int waves, int stopFirst,
                      int minimumHealthy, int maximumRunning, int extraInstances, String extraInstanceType,
                      java.math.BigDecimal extraPerHour) {
    public Rollout {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(to, "to");
        from = List.copyOf(from);
    }

    /** A rollout that needs no extra instance. */
    public Rollout(String group, List<String> from, String to, int copies, int firstWave, int waves, int stopFirst,
                   int minimumHealthy, int maximumRunning) {
        this(group, from, to, copies, firstWave, waves, stopFirst, minimumHealthy, maximumRunning, 0, null, null);
    }

    /** The plan's number of its last wave. */
    public int lastWave() {
        return firstWave + waves - 1;
    }
}
