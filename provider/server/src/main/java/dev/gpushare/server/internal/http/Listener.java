package dev.gpushare.server.internal.http;

import dev.gpushare.server.ServiceLimits;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;

/**
 * The service's HTTP/1.1 server. The JDK's {@code com.sun.net.httpserver} reads request headers on
 * its executor's threads with no deadline of its own ({@code sun.net.httpserver.maxReqTime} is
 * process-wide and covers headers and body together), has no per-client connection bound, answers
 * a bad Content-Length with an HTML page, and cannot tell a handler that its client left. This
 * server does: one virtual thread per connection with header, body, idle and response deadlines,
 * connections bounded in all and per client address, the API's work on a bounded pool of platform
 * threads (CPU-heavy plans never starve the carriers that answer {@code /healthz}), and work
 * interrupted when its client goes away.
 */
public final class Listener implements AutoCloseable {
    private final ServerSocket server;
    private final Handler handler;
    private final ServiceLimits limits;
    private final long bodyLimit;
    private final ExecutorService workers;
    private final ScheduledExecutorService watchdog;
    private final ExecutorService connections = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("gpushare-conn-", 0).factory());
    private final Map<InetAddress, AtomicInteger> perClient = new ConcurrentHashMap<>();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger refused = new AtomicInteger();
    private final Thread acceptor;
    private volatile boolean closing;

    private Listener(ServerSocket server, Handler handler, ServiceLimits limits, long bodyLimit, ExecutorService workers) {
        this.server = server;
        this.handler = handler;
        this.limits = limits;
        this.bodyLimit = bodyLimit;
        this.workers = workers;
        this.watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gpushare-deadlines");
            t.setDaemon(true);
            return t;
        });
        this.acceptor = new Thread(this::accept, "gpushare-accept");
        this.acceptor.setDaemon(true);
    }

    /** Binds and starts accepting; {@code tls} null for plain HTTP. */
    public static Listener start(InetSocketAddress address, SSLContext tls, Handler handler, ServiceLimits limits,
                                 long bodyLimit, ExecutorService workers) throws IOException {
        ServerSocket s = tls == null ? new ServerSocket() : tls.getServerSocketFactory().createServerSocket();
        s.setReuseAddress(true);
        s.bind(address, 512);
        Listener l = new Listener(s, handler, limits, bodyLimit, workers);
        l.acceptor.start();
        return l;
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) server.getLocalSocketAddress();
    }

    /** Connections open now. */
    public int openConnections() {
        return open.size();
    }

    /** Connections refused so far (over the total or the per-client bound). */
    public int refusedConnections() {
        return refused.get();
    }

    private void accept() {
        while (!closing) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                if (closing) return;
                continue;
            }
            InetAddress client = s.getInetAddress();
            AtomicInteger mine = perClient.computeIfAbsent(client, c -> new AtomicInteger());
            boolean clientFull = mine.incrementAndGet() > limits.maxConnectionsPerClient();
            boolean serverFull = open.size() >= limits.maxConnections();
            if (clientFull || serverFull) {
                release(client, mine);
                refuse(s, clientFull ? "this client address has " + limits.maxConnectionsPerClient() + " connections open"
                        + " already; reuse them (keep-alive) or close some"
                        : "the server has " + limits.maxConnections() + " connections open; retry in a few seconds");
                continue;
            }
            open.add(s);
            try {
                s.setTcpNoDelay(true);
                connections.execute(new Connection(s, handler, limits, bodyLimit, workers, watchdog, () -> {
                    open.remove(s);
                    release(client, mine);
                }));
            } catch (SocketException | java.util.concurrent.RejectedExecutionException e) {
                open.remove(s);
                release(client, mine);
                closeQuietly(s);
            }
        }
    }

    private void release(InetAddress client, AtomicInteger count) {
        if (count.decrementAndGet() <= 0) perClient.remove(client, count);
    }

    /**
     * A 503 written without reading the request (the server sends it first and closes, as HTTP/1.1
     * allows), on a short-lived virtual thread so that a client that does not read cannot stall
     * the acceptor.
     */
    private void refuse(Socket s, String why) {
        refused.incrementAndGet();
        Thread.ofVirtual().start(() -> {
            try (s) {
                s.setSoTimeout(1000);
                Response r = handler.unavailable(why).withHeader("Retry-After", "2").closing();
                if (s instanceof javax.net.ssl.SSLSocket) return; // no handshake for a refused client: just close
                OutputStream out = s.getOutputStream();
                out.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: " + r.contentType() + "\r\nContent-Length: "
                        + r.body().length + "\r\nRetry-After: 2\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(r.body());
                out.flush();
            } catch (IOException ignored) {
                // a refused client that is gone: nothing to do
            }
        });
    }

    /**
     * Stops accepting, lets requests in progress finish for up to {@code grace}, then closes every
     * connection (a slow client holds nothing up).
     */
    public void close(long graceMillis) {
        closing = true;
        closeQuietly(server);
        long until = System.currentTimeMillis() + graceMillis;
        workers.shutdown();
        try {
            workers.awaitTermination(Math.max(0, until - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        workers.shutdownNow(); // interrupts plans still running
        for (Socket s : open) closeQuietly(s);
        connections.shutdownNow();
        watchdog.shutdownNow();
    }

    @Override
    public void close() {
        close(2000);
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing is all there is to do
        }
    }
}
