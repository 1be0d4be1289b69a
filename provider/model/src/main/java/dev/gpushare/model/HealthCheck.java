package dev.gpushare.model;

import java.util.List;
import java.util.Objects;

/**
 * A container health check, with ECS's fields, ranges and defaults ({@code HealthCheck}): the
 * command runs inside the container every {@code interval} seconds; the copy is unhealthy after
 * {@code retries} failures in a row; failures within {@code startPeriod} seconds of the start do not
 * count. A rollout's new copy must pass it before the old copies of its wave stop; on Kubernetes it
 * is the container's readiness probe.
 *
 * @param command     {@code ["CMD", program, args...]} or {@code ["CMD-SHELL", "shell command"]}
 * @param interval    seconds between checks, 5–300 ({@code null}: 30)
 * @param timeout     seconds one check may take, 2–60 ({@code null}: 5)
 * @param retries     failures in a row before unhealthy, 1–10 ({@code null}: 3)
 * @param startPeriod grace seconds after start, 0–300 ({@code null}: 0, off)
 */
public record HealthCheck(List<String> command, Integer interval, Integer timeout, Integer retries, Integer startPeriod) {
    /** ECS's default interval, seconds. */
    public static final int DEFAULT_INTERVAL = 30;
    /** ECS's default timeout, seconds. */
    public static final int DEFAULT_TIMEOUT = 5;
    /** ECS's default retries. */
    public static final int DEFAULT_RETRIES = 3;
    /** ECS's default start period: off. */
    public static final int DEFAULT_START_PERIOD = 0;
    /** The first item of a command that runs the program directly. */
    public static final String CMD = "CMD";
    /** The first item of a command that runs through the container's shell. */
    public static final String CMD_SHELL = "CMD-SHELL";

    public HealthCheck {
        command = List.copyOf(Objects.requireNonNull(command, "command"));
    }

    /** A check of {@code command} with ECS's defaults. */
    public static HealthCheck of(List<String> command) {
        return new HealthCheck(command, null, null, null, null);
    }

    /** {@link #interval}, or its default. */
    public int intervalSeconds() {
        return interval == null ? DEFAULT_INTERVAL : interval;
    }

    /** {@link #timeout}, or its default. */
    public int timeoutSeconds() {
        return timeout == null ? DEFAULT_TIMEOUT : timeout;
    }

    /** {@link #retries}, or its default. */
    public int retriesCount() {
        return retries == null ? DEFAULT_RETRIES : retries;
    }

    /** {@link #startPeriod}, or its default. */
    public int startPeriodSeconds() {
        return startPeriod == null ? DEFAULT_START_PERIOD : startPeriod;
    }

    /**
     * The program and its arguments as an exec form: {@code ["CMD", a, b]} → {@code [a, b]},
     * {@code ["CMD-SHELL", s]} → {@code ["/bin/sh", "-c", s]} (what Docker runs for CMD-SHELL on
     * Linux); empty when the command starts with neither.
     */
    public List<String> exec() {
        if (command.size() < 2) return List.of();
        List<String> rest = command.subList(1, command.size());
        return switch (command.getFirst()) {
            case CMD -> List.copyOf(rest);
            case CMD_SHELL -> List.of("/bin/sh", "-c", String.join(" ", rest));
            default -> List.of();
        };
    }
}
