package dev.gpushare.server.internal.http;

import dev.gpushare.server.ServiceLimits;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The service's HTTP/1.1 server: Jetty 12 (core, no servlets), strict RFC 9110 parsing (a request
 * with both Content-Length and Transfer-Encoding, two lengths, a folded or nameless header line, a
 * bare CR is refused and the connection closed, so nothing can be smuggled past a proxy in front),
 * with what Jetty leaves to its user: connections bounded in all and per client address
 * ({@link Gate}), a whole deadline per phase of a request ({@link Deadline}), the API's work on a
 * bounded pool of platform threads and interrupted when its client leaves ({@link Exchange},
 * {@link ClientWatch}), and refusals in the API's JSON ({@link ErrorAnswers}). Jetty's own threads
 * only parse and write: no request holds one while it waits for a slow client or a plan.
 */
public final class Listener implements AutoCloseable {
    private final Server server;
    private final ServerConnector connector;
    private final Gate gate;
    private final ExecutorService workers;
    private final ScheduledExecutorService timer;

    private Listener(Server server, ServerConnector connector, Gate gate, ExecutorService workers, ScheduledExecutorService timer) {
        this.server = server;
        this.connector = connector;
        this.gate = gate;
        this.workers = workers;
        this.timer = timer;
    }

    /** Binds and starts accepting; {@code tls} null for plain HTTP. */
    public static Listener start(InetSocketAddress address, SSLContext tls, Handler handler, ServiceLimits limits,
                                 long bodyLimit, ExecutorService workers) throws IOException {
        // every request arms and cancels a few deadlines: cancelled ones leave the queue at once
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "gpushare-deadlines");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        QueuedThreadPool jettyThreads = new QueuedThreadPool(64, 4);
        jettyThreads.setName("gpushare-http");
        jettyThreads.setDaemon(true);
        Server server = new Server(jettyThreads);
        server.setStopTimeout(0);

        HttpConfiguration http = new HttpConfiguration();
        http.setHttpCompliance(HttpCompliance.RFC9110);
        http.setRequestHeaderSize(limits.maxHeaderBytes());
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        GuardedConnectionFactory h1 = new GuardedConnectionFactory(http, limits, timer);
        Gate gate = new Gate(tls == null ? h1.getProtocol() : "ssl", limits, tls != null,
                why -> {
                    Response r = handler.unavailable(why);
                    return Gate.raw503(r.contentType(), r.bytes());
                }, timer);
        ConnectionFactory[] factories;
        if (tls == null) {
            factories = new ConnectionFactory[] {gate, h1};
        } else {
            SslContextFactory.Server ssl = new SslContextFactory.Server();
            ssl.setSslContext(tls);
            factories = new ConnectionFactory[] {gate, new SslConnectionFactory(ssl, h1.getProtocol()), h1};
        }
        ServerConnector connector = new ServerConnector(server, 1, 1, factories);
        connector.setHost(address.getAddress().getHostAddress());
        connector.setPort(address.getPort());
        connector.setAcceptQueueSize(512);
        connector.setReuseAddress(true);
        // a backstop only: every phase has its own whole deadline (Deadline), and a plan its timeout
        connector.setIdleTimeout(limits.headerTimeout().plus(limits.bodyTimeout()).plus(limits.planWait())
                .plus(limits.planTimeout()).plus(limits.responseTimeout()).plus(limits.idleTimeout()).toMillis());
        server.addConnector(connector);
        server.setHandler(new Dispatch(new Serving(handler, limits, bodyLimit, workers, timer)));
        server.setErrorHandler(new ErrorAnswers(handler, limits.maxHeaderBytes()));
        try {
            server.start();
        } catch (IOException e) {
            stopQuietly(server);
            timer.shutdownNow();
            throw e;
        } catch (Exception e) {
            stopQuietly(server);
            timer.shutdownNow();
            throw new IOException(e.getMessage(), e);
        }
        return new Listener(server, connector, gate, workers, timer);
    }

    public InetSocketAddress address() {
        return new InetSocketAddress(connector.getHost(), connector.getLocalPort());
    }

    /** Connections open now. */
    public int openConnections() {
        return gate.open();
    }

    /** Connections refused so far (over the total or the per-client bound). */
    public int refusedConnections() {
        return gate.refused();
    }

    /**
     * Stops accepting, lets requests in progress finish for up to {@code grace}, then interrupts what
     * still runs and closes every connection (a slow client holds nothing up).
     */
    public void close(long graceMillis) {
        try {
            connector.close(); // no new connections
        } catch (RuntimeException ignored) {
            // stopping anyway
        }
        workers.shutdown();
        try {
            workers.awaitTermination(graceMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        workers.shutdownNow(); // interrupts plans still running
        stopQuietly(server);
        timer.shutdownNow();
    }

    @Override
    public void close() {
        close(2000);
    }

    private static void stopQuietly(Server s) {
        try {
            s.stop();
        } catch (Exception ignored) {
            // closing is all there is to do
        }
    }
}
