package dev.gpushare.pulumi.daemon.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Stops the daemons under a base directory ({@code pulumi-resource-gpushare --stop-daemons}, tests
 * at their end): SIGTERM to each {@code pid} whose process runs the daemon's main class, then waits
 * for it to exit (it closes its sessions and removes its files).
 */
public final class DaemonStopper {
    /** The daemon's main class: a process is a daemon when its arguments hold it. */
    static final String MAIN = "dev.gpushare.pulumi.daemon.DaemonMain";
    private DaemonStopper() {}

    /** Stops them all; returns 0, or 1 when one did not stop within 20 s. */
    public static int stopAll(Path base) throws IOException {
        if (!Files.isDirectory(base)) return 0;
        List<ProcessHandle> stopping = new ArrayList<>();
        try (var dirs = Files.list(base)) {
            for (Path dir : dirs.toList()) {
                running(new DaemonFiles(dir)).ifPresent(p -> {
                    System.err.println("stopping the provider daemon " + p.pid() + " of " + dir);
                    p.destroy();
                    stopping.add(p);
                });
            }
        }
        int status = 0;
        for (ProcessHandle p : stopping) {
            try {
                p.onExit().get(20, TimeUnit.SECONDS);
            } catch (Exception e) {
                System.err.println("the provider daemon " + p.pid() + " did not stop within 20 s; kill -9 " + p.pid());
                status = 1;
            }
        }
        return status;
    }

    /** The daemon process of {@code files}, if one runs. */
    public static Optional<ProcessHandle> running(DaemonFiles files) {
        try {
            if (!Files.isRegularFile(files.pid())) return Optional.empty();
            long pid = Long.parseLong(Files.readString(files.pid()).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> p.info().arguments()
                    .map(a -> List.of(a).contains(MAIN)).orElse(false));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
