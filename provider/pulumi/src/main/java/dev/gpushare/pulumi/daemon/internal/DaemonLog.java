package dev.gpushare.pulumi.daemon.internal;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The daemon's log: its stderr, which the client that starts it sends to {@code daemon.log}. */
public final class DaemonLog {
    private DaemonLog() {}

    public static void line(String message) {
        System.err.println(Instant.now().truncatedTo(ChronoUnit.MILLIS) + " gpushare-pulumi-daemon: " + message);
    }
}
