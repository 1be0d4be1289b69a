package dev.gpushare.server.agent;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How {@code gpushare agent} runs.
 *
 * @param backend  the service's base URL ({@code http(s)://…})
 * @param token    the bearer token (an agent token: {@code TOKEN agent:CLUSTER/INSTANCE} in the
 *                 service's token file)
 * @param cluster  the cluster the instance belongs to
 * @param instance the instance id, as {@code gpushare status} lists it
 * @param interval time between probes (and reports)
 * @param env      the environment the probes run in; {@code PATH} is where the probe binaries are
 *                 looked for
 */
public record AgentConfig(String backend, String token, String cluster, String instance, Duration interval,
                          Map<String, String> env) {
    /** The probe's timeout, as the ECS agent's. */
    public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);
    /** Consecutive failed probes that mark the instance, as the ECS agent's. */
    public static final int FAILURES = 3;
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);
    /** The longest wait between reports while the service cannot be reached or refuses. */
    public static final Duration MAX_BACKOFF = Duration.ofSeconds(60);

    public AgentConfig {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(instance, "instance");
        Objects.requireNonNull(interval, "interval");
        env = Map.copyOf(env);
        if (interval.compareTo(Duration.ofMillis(100)) < 0) throw new IllegalArgumentException("--interval must be at least 100ms");
    }
}
