package dev.gpushare.pulumi.daemon;

import dev.gpushare.pulumi.daemon.internal.DaemonFiles;
import dev.gpushare.pulumi.daemon.internal.DaemonLog;
import dev.gpushare.pulumi.daemon.internal.DaemonServer;
import dev.gpushare.pulumi.daemon.internal.IdleTime;
import java.nio.file.Path;

/**
 * The provider daemon (started by {@link PluginClient}, never by hand): {@code DaemonMain DIR}
 * serves sessions on {@code DIR/daemon.sock} until idle ({@code GPUSHARE_PULUMI_DAEMON_IDLE},
 * default 10 minutes) or SIGTERM.
 */
public final class DaemonMain {
    private DaemonMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: DaemonMain DIR (the daemon's directory; started by pulumi-resource-gpushare)");
            System.exit(2);
        }
        System.setOut(System.err); // nothing of the provider's may land anywhere but the log
        try {
            new DaemonServer(new DaemonFiles(Path.of(args[0])), IdleTime.parse(System.getenv(IdleTime.ENV))).run();
        } catch (RuntimeException | java.io.IOException e) {
            DaemonLog.line("cannot serve: " + e);
            System.exit(1);
        }
        System.exit(0);
    }
}
