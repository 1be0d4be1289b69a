package dev.gpushare.server.internal.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.BufferUtil;

/**
 * Watches a connection whose request is being worked on for its client going away. Jetty does not
 * read a connection while its request is handled (it learns of a closed client only when it
 * writes), so every {@value #MILLIS} ms this tries a non-blocking read of one byte: end of stream
 * means the client left ({@code onLeft} runs, once); a byte means it pipelined its next request —
 * the byte goes back to the connection's request buffer when the watch stops, and the watch ends.
 */
final class ClientWatch {
    static final int MILLIS = 100;

    private final EndPoint endPoint;
    private final HttpConnection connection;
    private final Runnable onLeft;
    private final ScheduledFuture<?> tick;
    private boolean stopped;
    private ByteBuffer pipelined;

    private ClientWatch(EndPoint endPoint, HttpConnection connection, Runnable onLeft, ScheduledExecutorService timer) {
        this.endPoint = endPoint;
        this.connection = connection;
        this.onLeft = onLeft;
        this.tick = timer.scheduleWithFixedDelay(this::check, MILLIS, MILLIS, TimeUnit.MILLISECONDS);
    }

    static ClientWatch start(HttpConnection connection, Runnable onLeft, ScheduledExecutorService timer) {
        return new ClientWatch(connection.getEndPoint(), connection, onLeft, timer);
    }

    private void check() {
        boolean left;
        synchronized (this) {
            if (stopped) return;
            ByteBuffer b = BufferUtil.allocate(1);
            int n;
            try {
                n = endPoint.fill(b);
            } catch (IOException e) {
                n = -1;
            }
            if (n == 0) return;
            stopped = true;
            tick.cancel(false);
            left = n < 0;
            if (!left) pipelined = b;
        }
        if (left) onLeft.run();
    }

    /** Stops watching; a pipelined byte read meanwhile is handed back to the connection. Before the answer is written. */
    synchronized void stop() {
        stopped = true;
        tick.cancel(false);
        if (pipelined != null) {
            connection.onUpgradeTo(pipelined);
            pipelined = null;
        }
    }
}
