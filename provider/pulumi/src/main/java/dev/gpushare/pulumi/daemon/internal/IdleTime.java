package dev.gpushare.pulumi.daemon.internal;

import java.time.Duration;

/** {@code GPUSHARE_PULUMI_DAEMON_IDLE}: seconds, or a number with {@code s}, {@code m} or {@code h}; default 10 minutes. */
public final class IdleTime {
    public static final String ENV = "GPUSHARE_PULUMI_DAEMON_IDLE";
    public static final Duration DEFAULT = Duration.ofMinutes(10);

    private IdleTime() {}

    public static Duration parse(String value) {
        if (value == null || value.isBlank()) return DEFAULT;
        String v = value.trim();
        char unit = v.charAt(v.length() - 1);
        long factor = switch (unit) {
            case 's' -> 1;
            case 'm' -> 60;
            case 'h' -> 3600;
            default -> 0;
        };
        String digits = factor == 0 ? v : v.substring(0, v.length() - 1);
        try {
            long n = Long.parseLong(digits);
            if (n > 0) return Duration.ofSeconds(n * (factor == 0 ? 1 : factor));
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(ENV + "=" + value + " is not a time; use seconds (600) or a number with s, m or h (10m)");
    }
}
