package dev.gpushare.pulumi.daemon.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;

/**
 * Removes the directories that daemons of older builds (or JVMs, or environments) left under the
 * base directory: their log and the clients' start lock stay when a daemon exits, and a new build
 * never reaches them again. A directory goes when no daemon runs there and nothing in it changed
 * for {@link #AGE}; a client runs this when it starts a daemon.
 */
public final class StaleDirectories {
    public static final Duration AGE = Duration.ofDays(1);

    private StaleDirectories() {}

    /** Removes the stale daemon directories under {@code base} except {@code keep}; returns how many. */
    public static int prune(Path base, Path keep, Instant now) {
        int removed = 0;
        if (!Files.isDirectory(base)) return 0;
        try (var dirs = Files.list(base)) {
            for (Path dir : dirs.filter(Files::isDirectory).filter(d -> !d.equals(keep)).toList()) {
                if (stale(dir, now)) {
                    try (var all = Files.walk(dir)) {
                        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
                    }
                    removed++;
                }
            }
        } catch (IOException | RuntimeException e) {
            DaemonLog.line("removing old daemon directories under " + base + ": " + e); // best effort
        }
        return removed;
    }

    static boolean stale(Path dir, Instant now) throws IOException {
        DaemonFiles files = new DaemonFiles(dir);
        if (DaemonStopper.running(files).isPresent() || Files.exists(files.port())) return false;
        try (var all = Files.list(dir)) {
            for (Path p : all.toList()) {
                if (Files.getLastModifiedTime(p).toInstant().isAfter(now.minus(AGE))) return false;
            }
        }
        return Files.getLastModifiedTime(dir).toInstant().isBefore(now.minus(AGE));
    }
}
