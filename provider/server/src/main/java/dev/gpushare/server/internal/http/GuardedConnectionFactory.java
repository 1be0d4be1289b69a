package dev.gpushare.server.internal.http;

import dev.gpushare.server.ServiceLimits;
import java.util.concurrent.ScheduledExecutorService;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;

/**
 * Jetty's HTTP/1.1 connections, each with a {@link Deadline}: armed for the head when the
 * connection opens (the TLS handshake included), and again when the first byte of a kept-alive
 * connection's next request arrives.
 */
final class GuardedConnectionFactory extends HttpConnectionFactory {
    private final ServiceLimits limits;
    private final ScheduledExecutorService timer;

    GuardedConnectionFactory(HttpConfiguration config, ServiceLimits limits, ScheduledExecutorService timer) {
        super(config);
        this.limits = limits;
        this.timer = timer;
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        Guarded c = new Guarded(getHttpConfiguration(), connector, endPoint, new Deadline(endPoint, timer),
                limits.headerTimeout().toMillis());
        return configure(c, connector, endPoint);
    }

    /** An HTTP/1.1 connection with its deadline. */
    static final class Guarded extends HttpConnection {
        final Deadline deadline;
        private final long headMillis;

        Guarded(HttpConfiguration config, Connector connector, EndPoint endPoint, Deadline deadline, long headMillis) {
            super(config, connector, endPoint);
            this.deadline = deadline;
            this.headMillis = headMillis;
        }

        @Override
        public void onOpen() {
            deadline.enter(Deadline.Phase.HEAD, headMillis);
            super.onOpen();
        }

        @Override
        public void onFillable() {
            deadline.bytesArrived(headMillis);
            super.onFillable();
        }

        @Override
        public void onClose(Throwable cause) {
            deadline.enter(Deadline.Phase.WAITING, 0);
            super.onClose(cause);
        }
    }
}
