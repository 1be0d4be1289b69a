package dev.gpushare.server;

import java.time.Duration;

/**
 * What the placement service bounds, so that no client — slow, careless or hostile — can hold its
 * threads, memory or CPU. docs/server.md lists each with its {@code gpushare serve} option.
 *
 * @param headerTimeout          a request's line and headers must arrive within this, from its first byte
 *                               (the TLS handshake included) — else the connection is closed
 * @param bodyTimeout            its body must arrive within this, from the end of the headers
 * @param idleTimeout            a kept-alive connection with no request for this long is closed
 * @param responseTimeout        a client must take the whole answer within this
 * @param maxConnections         open connections in all
 * @param maxConnectionsPerClient open connections from one client address
 * @param maxHeaderBytes         request line and headers, in bytes (431 above)
 * @param maxConcurrentPlans     plans computed at once; others wait up to {@code planWait}, then 503
 * @param planWait               how long a plan waits for its turn
 * @param planTimeout            a plan still computing after this is cancelled (503)
 * @param maxCopies              copies one plan may ask for (the spec's desiredCount + copyCount)
 * @param maxInstances           instances one plan may ask for up front (minInstances + instanceCount)
 */
public record ServiceLimits(Duration headerTimeout, Duration bodyTimeout, Duration idleTimeout, Duration responseTimeout,
                            int maxConnections, int maxConnectionsPerClient, int maxHeaderBytes, int maxConcurrentPlans,
                            Duration planWait, Duration planTimeout, long maxCopies, long maxInstances) {
    public static final ServiceLimits DEFAULTS = new ServiceLimits(Duration.ofSeconds(10), Duration.ofSeconds(30),
            Duration.ofSeconds(30), Duration.ofSeconds(60), 1024, 32, 32 * 1024, 2, Duration.ofSeconds(10),
            Duration.ofSeconds(60), 200_000, 20_000);

    public ServiceLimits {
        for (Duration d : new Duration[] {headerTimeout, bodyTimeout, idleTimeout, responseTimeout, planWait, planTimeout}) {
            if (d == null || d.isNegative() || d.isZero()) throw new IllegalArgumentException("timeouts must be positive");
        }
        if (maxConnections < 1 || maxConnectionsPerClient < 1 || maxHeaderBytes < 1024 || maxConcurrentPlans < 1
                || maxCopies < 1 || maxInstances < 1) {
            throw new IllegalArgumentException("limits must be positive (header bytes at least 1024)");
        }
    }

    public ServiceLimits withTimeouts(Duration header, Duration body, Duration idle) {
        return new ServiceLimits(header, body, idle, responseTimeout, maxConnections, maxConnectionsPerClient, maxHeaderBytes,
                maxConcurrentPlans, planWait, planTimeout, maxCopies, maxInstances);
    }

    public ServiceLimits withConnections(int all, int perClient) {
        return new ServiceLimits(headerTimeout, bodyTimeout, idleTimeout, responseTimeout, all, perClient, maxHeaderBytes,
                maxConcurrentPlans, planWait, planTimeout, maxCopies, maxInstances);
    }

    public ServiceLimits withPlans(int concurrent, Duration wait, Duration timeout) {
        return new ServiceLimits(headerTimeout, bodyTimeout, idleTimeout, responseTimeout, maxConnections,
                maxConnectionsPerClient, maxHeaderBytes, concurrent, wait, timeout, maxCopies, maxInstances);
    }

    public ServiceLimits withSpecSize(long copies, long instances) {
        return new ServiceLimits(headerTimeout, bodyTimeout, idleTimeout, responseTimeout, maxConnections,
                maxConnectionsPerClient, maxHeaderBytes, maxConcurrentPlans, planWait, planTimeout, copies, instances);
    }
}
