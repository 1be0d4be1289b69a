package dev.gpushare.server;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@code gpushare serve --reconcile} keeps clusters converged (docs/server.md, "Repair").
 *
 * @param grace  how long an instance stays marked unhealthy (by a person, its agent, or missing
 *               heartbeats) before it is replaced; also how long an agent may stay silent before
 *               its instance is marked {@code agent-silent}
 * @param resync how often a cluster is planned even when nothing seems to have changed
 * @param tick   how often the loop looks at the store (health marks, heartbeats, revisions)
 */
public record RepairConfig(Duration grace, Duration resync, Duration tick) {
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(60);
    public static final Duration DEFAULT_RESYNC = Duration.ofMinutes(5);
    public static final Duration DEFAULT_TICK = Duration.ofSeconds(1);

    public RepairConfig {
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(resync, "resync");
        Objects.requireNonNull(tick, "tick");
        if (grace.isNegative()) throw new IllegalArgumentException("--repair-grace must be ≥ 0, was " + grace);
        if (resync.compareTo(Duration.ofSeconds(1)) < 0) throw new IllegalArgumentException("the resync period must be ≥ 1 s");
        if (tick.compareTo(Duration.ofMillis(50)) < 0) throw new IllegalArgumentException("the tick must be ≥ 50 ms");
    }

    public static RepairConfig withGrace(Duration grace) {
        return new RepairConfig(grace, DEFAULT_RESYNC, DEFAULT_TICK);
    }
}
