package dev.gpushare.server.internal.http;

import dev.gpushare.server.ServiceLimits;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.eclipse.jetty.io.AbstractConnection;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.AbstractConnectionFactory;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.util.Callback;

/**
 * The first protocol of the connector: bounds the connections open, in all and per client address.
 * A connection over either bound gets a 503 written before its request is read (HTTP/1.1 allows a
 * server to answer first and close) — or, under TLS, is closed without a handshake — and never
 * reaches Jetty's HTTP parser. ({@code org.eclipse.jetty.server.ConnectionLimit} only stops
 * accepting, which leaves clients waiting in the backlog without an answer, and counts no client.)
 */
final class Gate extends AbstractConnectionFactory {
    static final String PROTOCOL = "gpushare-gate";

    private final String next;
    private final ServiceLimits limits;
    private final boolean tls;
    private final Function<String, byte[]> refusal;
    private final ScheduledExecutorService timer;
    private final Map<InetAddress, AtomicInteger> perClient = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();

    /**
     * @param next    the protocol the admitted connections speak ({@code ssl} or {@code http/1.1})
     * @param refusal the whole 503 answer (status line to body) for a message
     */
    Gate(String next, ServiceLimits limits, boolean tls, Function<String, byte[]> refusal, ScheduledExecutorService timer) {
        super(PROTOCOL);
        this.next = next;
        this.limits = limits;
        this.tls = tls;
        this.refusal = refusal;
        this.timer = timer;
    }

    int open() {
        return open.get();
    }

    int refused() {
        return refused.get();
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        InetAddress client = address(endPoint.getRemoteSocketAddress());
        AtomicInteger mine = perClient.computeIfAbsent(client, c -> new AtomicInteger());
        boolean clientFull = mine.incrementAndGet() > limits.maxConnectionsPerClient();
        boolean serverFull = open.incrementAndGet() > limits.maxConnections();
        if (clientFull || serverFull) {
            release(client, mine);
            refused.incrementAndGet();
            String why = clientFull ? "this client address has " + limits.maxConnectionsPerClient() + " connections open"
                    + " already; reuse them (keep-alive) or close some"
                    : "the server has " + limits.maxConnections() + " connections open; retry in a few seconds";
            return new Refusal(endPoint, connector, tls ? null : refusal.apply(why), timer);
        }
        Connection c = connector.getConnectionFactory(next).newConnection(connector, endPoint);
        c.addEventListener(new Connection.Listener() {
            @Override
            public void onClosed(Connection connection) {
                release(client, mine);
            }
        });
        return c;
    }

    private void release(InetAddress client, AtomicInteger count) {
        open.decrementAndGet();
        if (count.decrementAndGet() <= 0) perClient.remove(client, count);
    }

    private static InetAddress address(SocketAddress a) {
        return a instanceof InetSocketAddress i ? i.getAddress() : InetAddress.getLoopbackAddress();
    }

    /** Writes the 503 (or nothing, under TLS), shuts output and closes within a second: a client that does not read holds nothing. */
    private static final class Refusal extends AbstractConnection {
        private final byte[] answer;
        private final ScheduledExecutorService timer;

        Refusal(EndPoint endPoint, Connector connector, byte[] answer, ScheduledExecutorService timer) {
            super(endPoint, connector.getExecutor());
            this.answer = answer;
            this.timer = timer;
        }

        @Override
        public void onOpen() {
            super.onOpen();
            EndPoint e = getEndPoint();
            if (answer == null) {
                e.close();
                return;
            }
            e.write(Callback.from(e::shutdownOutput, x -> e.close()), ByteBuffer.wrap(answer));
            try {
                timer.schedule(() -> e.close(), 1, TimeUnit.SECONDS);
            } catch (java.util.concurrent.RejectedExecutionException x) {
                e.close();
            }
        }

        @Override
        public void onFillable() {
            // the request is not read
        }
    }

    static byte[] raw503(String contentType, byte[] body) {
        byte[] head = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: " + contentType + "\r\nContent-Length: " + body.length
                + "\r\nRetry-After: 2\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }
}
