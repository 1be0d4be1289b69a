package dev.gpushare.pulumi.daemon.internal;

import dev.gpushare.pulumi.GpushareProvider;
import dev.gpushare.pulumi.ProviderMain;
import io.grpc.Server;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One operation's provider in the daemon: a new {@link GpushareProvider} for the client's working
 * directory, on its own gRPC server (127.0.0.1, an ephemeral port), so that operations never share
 * provider state. {@link #close} does what the one-process plugin does when the engine interrupts it.
 */
public final class Session {
    private final int id;
    private final GpushareProvider provider;
    private final Server server;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Session(int id, GpushareProvider provider, Server server) {
        this.id = id;
        this.provider = provider;
        this.server = server;
    }

    /** Starts the session for a plugin process started in {@code cwd} with the engine's {@code args}. */
    public static Session open(int id, String cwd, List<String> args) throws IOException {
        List<String> positional = ProviderMain.positional(args.toArray(String[]::new));
        if (positional.size() > 1) {
            throw new IllegalArgumentException("expected at most one argument (the engine address), got " + positional);
        }
        if (cwd == null || !java.nio.file.Path.of(cwd).isAbsolute()) {
            throw new IllegalArgumentException("the working directory must be an absolute path, got " + cwd);
        }
        GpushareProvider provider = new GpushareProvider(cwd);
        return new Session(id, provider, ProviderMain.start(provider));
    }

    public int id() { return id; }

    public int port() { return server.getPort(); }

    /**
     * Stops the gRPC server and closes the provider's backend (the local one stores its snapshot); once.
     * Returns what went wrong closing the backend (for the operation's stderr too), or null.
     */
    public String close() {
        if (!closed.compareAndSet(false, true)) return null;
        server.shutdownNow();
        try {
            server.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            provider.close();
            return null;
        } catch (RuntimeException e) {
            DaemonLog.line("session " + id + ": closing the backend: " + e);
            return "closing the backend at exit: " + e;
        }
    }
}
