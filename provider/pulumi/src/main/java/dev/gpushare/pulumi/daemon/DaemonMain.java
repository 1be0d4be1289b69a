package dev.gpushare.pulumi.daemon;

import dev.gpushare.pulumi.daemon.internal.DaemonFiles;
import dev.gpushare.pulumi.daemon.internal.DaemonLog;
import dev.gpushare.pulumi.daemon.internal.DaemonServer;
import dev.gpushare.pulumi.daemon.internal.DaemonStopper;
import dev.gpushare.pulumi.daemon.internal.IdleTime;
import dev.gpushare.pulumi.daemon.internal.StaleDirectories;
import java.nio.file.Path;

/**
 * The provider daemon (started in the background by the launcher, pulumi-resource-gpushare, never
 * by hand): {@code DaemonMain DIR} warms up, then serves sessions on a loopback port (in
 * {@code DIR/port}) until idle ({@code GPUSHARE_PULUMI_DAEMON_IDLE}, default 10 minutes) or SIGTERM.
 * {@code DaemonMain --stop-daemons} (the launcher's {@code --stop-daemons}) stops every daemon of this
 * user, of any build.
 */
public final class DaemonMain {
    private DaemonMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("--stop-daemons")) {
            System.exit(DaemonStopper.stopAll(DaemonFiles.base(System.getenv())));
        }
        if (args.length != 1) {
            System.err.println("usage: DaemonMain DIR (the daemon's directory; started by pulumi-resource-gpushare)");
            System.exit(2);
        }
        System.setOut(System.err); // nothing of the provider's may land anywhere but the log
        try {
            DaemonFiles files = new DaemonFiles(Path.of(args[0]).toAbsolutePath());
            StaleDirectories.prune(files.dir().getParent(), files.dir(), java.time.Instant.now());
            new DaemonServer(files, IdleTime.parse(System.getenv(IdleTime.ENV))).run();
        } catch (RuntimeException | java.io.IOException e) {
            DaemonLog.line("cannot serve: " + e);
            System.exit(1);
        }
        System.exit(0);
    }
}
