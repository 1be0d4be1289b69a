package dev.gpushare.server;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How to run the placement service.
 *
 * @param bind           address to listen on ({@code 127.0.0.1} unless a reverse proxy or the
 *                       network needs otherwise)
 * @param port           TCP port; 0 picks a free one (see {@link PlacementServer#port()})
 * @param store          {@code jdbc:postgresql://…} for PostgreSQL, or {@code file:PATH} for the
 *                       embedded store (the local backend's SQLite file)
 * @param tokens         the bearer tokens accepted (at least one, each ≥ 16 characters)
 * @param tlsCert        PEM certificate chain, or null for plain HTTP
 * @param tlsKey         PEM PKCS#8 private key of {@code tlsCert}, or null
 * @param bodyLimitBytes the largest request body accepted, in bytes (413 above)
 * @param threads        request threads (and database connections at most); connections are
 *                       served asynchronously by Jetty, so a slow client holds none of these
 * @param limits         timeouts, connection and work bounds (see {@link ServiceLimits})
 * @param repair         {@code serve --reconcile}: keep each cluster converged to its declared spec,
 *                       or null (the default) for a service that only answers requests
 */
public record ServerConfig(String bind, int port, String store, List<String> tokens, Path tlsCert, Path tlsKey,
                           long bodyLimitBytes, int threads, ServiceLimits limits, RepairConfig repair) {
    /** 16 MiB: a spec of thousands of services, or a plan of a very large fleet, fits. */
    public static final long DEFAULT_BODY_LIMIT = 16L * 1024 * 1024;
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final int DEFAULT_PORT = 8750;
    public static final String DEFAULT_STORE = "file:.gpushare/server-state";
    public static final int DEFAULT_THREADS = 32;

    public ServerConfig {
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(store, "store");
        tokens = List.copyOf(tokens);
        if ((tlsCert == null) != (tlsKey == null)) throw new IllegalArgumentException("give both --tls-cert and --tls-key, or neither");
        if (port < 0 || port > 65535) throw new IllegalArgumentException("port must be 0 to 65535, was " + port);
        if (bodyLimitBytes < 1024) throw new IllegalArgumentException("body limit must be at least 1024 bytes");
        if (threads < 1) throw new IllegalArgumentException("threads must be ≥ 1");
        Objects.requireNonNull(limits, "limits");
    }

    /** Without the repair loop. */
    public ServerConfig(String bind, int port, String store, List<String> tokens, Path tlsCert, Path tlsKey,
                        long bodyLimitBytes, int threads, ServiceLimits limits) {
        this(bind, port, store, tokens, tlsCert, tlsKey, bodyLimitBytes, threads, limits, null);
    }

    /** With the default {@link ServiceLimits}. */
    public ServerConfig(String bind, int port, String store, List<String> tokens, Path tlsCert, Path tlsKey,
                        long bodyLimitBytes, int threads) {
        this(bind, port, store, tokens, tlsCert, tlsKey, bodyLimitBytes, threads, ServiceLimits.DEFAULTS);
    }

    /** Loopback, a free port, the given store and token, defaults otherwise (tests, benchmarks). */
    public static ServerConfig loopback(String store, String token) {
        return new ServerConfig(DEFAULT_BIND, 0, store, List.of(token), null, null, DEFAULT_BODY_LIMIT, DEFAULT_THREADS);
    }

    public ServerConfig withBodyLimit(long bytes) {
        return new ServerConfig(bind, port, store, tokens, tlsCert, tlsKey, bytes, threads, limits, repair);
    }

    public ServerConfig withLimits(ServiceLimits l) {
        return new ServerConfig(bind, port, store, tokens, tlsCert, tlsKey, bodyLimitBytes, threads, l, repair);
    }

    public ServerConfig withTls(Path cert, Path key) {
        return new ServerConfig(bind, port, store, tokens, cert, key, bodyLimitBytes, threads, limits, repair);
    }

    /** {@code serve --reconcile}: with the repair loop. */
    public ServerConfig withRepair(RepairConfig r) {
        return new ServerConfig(bind, port, store, tokens, tlsCert, tlsKey, bodyLimitBytes, threads, limits, r);
    }
}
