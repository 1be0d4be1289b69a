package dev.gpushare.pulumi.daemon;

import dev.gpushare.pulumi.ProviderMain;
import dev.gpushare.pulumi.daemon.internal.Control;
import dev.gpushare.pulumi.daemon.internal.DaemonFiles;
import dev.gpushare.pulumi.daemon.internal.DaemonStarter;
import dev.gpushare.pulumi.daemon.internal.DaemonStopper;
import dev.gpushare.pulumi.daemon.internal.IdleTime;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code pulumi-resource-gpushare} with the daemon on ({@code GPUSHARE_PULUMI_DAEMON=on}): asks the user's provider daemon
 * for a session (a provider of its own on its own port), prints that port as its only stdout line,
 * and stays until the engine interrupts or kills it; then the daemon closes the session. When no
 * daemon can be reached or started, it says so on stderr and serves the operation in this process,
 * as the plugin does without the daemon. {@code --stop-daemons} stops every daemon of this user
 * (of any build) and exits.
 */
public final class PluginClient {
    /** How long the interrupted client waits for the daemon to close its session (the engine waits 5 s). */
    static final long CLOSE_MILLIS = 4_000;

    private PluginClient() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        if (List.of(args).contains("--stop-daemons")) {
            System.exit(DaemonStopper.stopAll(DaemonFiles.base(env)));
        }
        PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        try {
            IdleTime.parse(env.get(IdleTime.ENV));
        } catch (IllegalArgumentException e) {
            System.err.println("pulumi-resource-gpushare: " + e.getMessage());
            System.exit(2);
        }
        Path javaHome = Path.of(System.getProperty("java.home"));
        Path jar = Path.of(PluginClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        DaemonFiles files;
        Control control;
        try {
            files = DaemonFiles.of(env, jar, javaHome);
            control = DaemonStarter.connectOrStart(files, javaHome, jar, env);
        } catch (IOException | RuntimeException e) {
            System.err.println("pulumi-resource-gpushare: no provider daemon (" + e.getMessage() + "); serving this operation"
                    + " in this process. Unset GPUSHARE_PULUMI_DAEMON to skip the daemon, or see docs/pulumi.md.");
            ProviderMain.main(args);
            return;
        }
        int port;
        try {
            control.send(Control.OPEN, System.getProperty("user.dir"));
            control.out.writeInt(args.length);
            for (String a : args) control.out.writeUTF(a);
            control.out.flush();
            if (!control.in.readUTF().equals(Control.PORT)) {
                String why = control.in.readUTF();
                if (why.startsWith(Control.STOPPING)) throw new IOException(why); // it went idle just now
                System.err.println("pulumi-resource-gpushare: the provider daemon refused the session: " + why
                        + " (see " + files.log() + ")");
                System.exit(2);
            }
            port = control.in.readInt();
        } catch (IOException e) {
            System.err.println("pulumi-resource-gpushare: the provider daemon went away while opening the session (" + e
                    + "; see " + files.log() + "); serving this operation in this process");
            ProviderMain.main(args);
            return;
        }
        System.setOut(System.err);
        stdout.println(port);
        stdout.flush();
        serve(control, files);
    }

    /** Stays while the session lives: until interrupted (closes it), the engine gone, or the daemon gone. */
    private static void serve(Control control, DaemonFiles files) throws InterruptedException {
        CountDownLatch closed = new CountDownLatch(1);
        var closing = new java.util.concurrent.atomic.AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            closing.set(true);
            try {
                control.send(Control.CLOSE); // the engine's interrupt: the backend is closed before the engine goes on
                closed.await(CLOSE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (IOException | InterruptedException ignored) {
                // the daemon is gone: nothing left to close
            }
        }, "client-shutdown"));
        Thread reader = Thread.ofPlatform().daemon().name("client-control").start(() -> {
            try {
                String s = control.in.readUTF();
                if (s.equals(Control.CLOSED)) closed.countDown();
            } catch (EOFException | java.nio.channels.ClosedChannelException e) {
                if (!closing.get()) {
                    System.err.println("pulumi-resource-gpushare: the provider daemon stopped during the operation (see "
                            + files.log() + "); run the command again, or unset GPUSHARE_PULUMI_DAEMON");
                    System.exit(1);
                }
            } catch (IOException e) {
                if (!closing.get()) {
                    System.err.println("pulumi-resource-gpushare: lost the provider daemon: " + e + " (see " + files.log() + ")");
                    System.exit(1);
                }
            }
            closed.countDown();
        });
        ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
        while (reader.isAlive()) {
            reader.join(1000);
            if (parent != null && !parent.isAlive()) System.exit(0); // the engine is gone without killing us
        }
        closed.await();
    }
}
