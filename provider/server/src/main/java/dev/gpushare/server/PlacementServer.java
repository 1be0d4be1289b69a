package dev.gpushare.server;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.server.internal.Api;
import dev.gpushare.server.internal.HttpFront;
import dev.gpushare.server.internal.LocalStore;
import dev.gpushare.server.internal.Metrics;
import dev.gpushare.server.internal.Pem;
import dev.gpushare.server.internal.PgStore;
import dev.gpushare.server.internal.Store;
import dev.gpushare.server.internal.StoreBackend;
import dev.gpushare.server.internal.repair.RepairMetrics;
import dev.gpushare.server.internal.repair.Repairer;
import dev.gpushare.engine.converge.Converger;
import dev.gpushare.server.internal.Tokens;
import dev.gpushare.server.internal.http.Listener;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

/**
 * The placement service ({@code gpushare serve}): the engine's backend operations behind the
 * versioned HTTP/JSON API described by {@code openapi.json}, on PostgreSQL or the embedded store;
 * with {@link ServerConfig#repair()} ({@code --reconcile}) it also keeps each cluster converged to
 * its declared spec (the repair loop, {@code internal.repair.Repairer}). See docs/server.md.
 *
 * <pre>{@code
 * try (PlacementServer s = PlacementServer.start(ServerConfig.loopback("file:state", token))) {
 *     Backend b = Backends.open(s.url());   // the HTTP client backend
 * }
 * }</pre>
 */
public final class PlacementServer implements AutoCloseable {
    /** Where the OpenAPI document lives on the classpath. */
    public static final String OPENAPI_RESOURCE = "/dev/gpushare/server/openapi.json";

    /** Requests queued for a worker beyond those running; more are answered 503. */
    static final int WORK_QUEUE = 256;

    /**
     * What a started server is made of.
     *
     * @param tls           whether {@code http} speaks TLS
     * @param repairer      the repair loop; null without {@code --reconcile}
     * @param repairMetrics the repair loop's metrics (kept, unexported, without it)
     */
    private record Parts(Listener http, Api api, Store store, Metrics metrics, HttpFront front, boolean tls,
                         Repairer repairer, RepairMetrics repairMetrics) {}

    private final Parts parts;

    private PlacementServer(Parts parts) {
        this.parts = parts;
    }

    /**
     * Opens the store (migrating a PostgreSQL schema), binds and starts serving.
     *
     * @throws BackendException         when the store cannot be opened
     * @throws IllegalArgumentException when the configuration is unusable (tokens, TLS files, store URL)
     * @throws UncheckedIOException     when the address cannot be bound
     */
    public static PlacementServer start(ServerConfig config) {
        return start(config, System.err);
    }

    public static PlacementServer start(ServerConfig config, PrintStream log) {
        Tokens tokens = Tokens.of(config.tokens());
        // the TLS files are read before anything else is opened: a missing file is said as such
        SSLContext tls = null;
        if (config.tlsCert() != null) {
            try {
                tls = Pem.serverContext(config.tlsCert(), config.tlsKey());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read --tls-cert " + config.tlsCert() + " / --tls-key " + config.tlsKey()
                        + ": " + e.getMessage(), e);
            } catch (GeneralSecurityException | RuntimeException e) {
                throw new IllegalArgumentException("cannot use the TLS certificate/key " + config.tlsCert() + " / " + config.tlsKey()
                        + ": " + e.getMessage() + " (the key must be unencrypted PKCS#8, BEGIN PRIVATE KEY)", e);
            }
        }
        Store store = openStore(config);
        ThreadPoolExecutor workers = new ThreadPoolExecutor(config.threads(), config.threads(), 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(WORK_QUEUE), r -> {
                    Thread t = new Thread(r, "gpushare-work");
                    t.setDaemon(true);
                    return t;
                });
        try {
            Metrics metrics = new Metrics();
            Converger converger = new Converger(new StoreBackend(store), Api.BASELINES, Converger.DEFAULT_ATTEMPTS);
            Api api = new Api(store, converger, metrics, openapi(), config.limits());
            RepairMetrics repairMetrics = new RepairMetrics(metrics, config.repair() != null);
            HttpFront front = new HttpFront(api.routes(), tokens, config.bodyLimitBytes(), metrics, log);
            Listener http = Listener.start(new InetSocketAddress(config.bind(), config.port()), tls, front, config.limits(),
                    config.bodyLimitBytes(), workers);
            Repairer repairer = config.repair() == null ? null
                    : new Repairer(store, converger, config.repair(), repairMetrics, log).start();
            return new PlacementServer(new Parts(http, api, store, metrics, front, tls != null, repairer, repairMetrics));
        } catch (IOException e) {
            workers.shutdownNow();
            store.close();
            throw new UncheckedIOException("cannot listen on " + config.bind() + ":" + config.port() + ": " + e.getMessage()
                    + (e instanceof java.net.BindException ? " (is another server on that port? pick another --port, or 0)" : ""), e);
        } catch (RuntimeException e) {
            workers.shutdownNow();
            store.close();
            throw e;
        }
    }

    private static Store openStore(ServerConfig config) {
        String url = config.store();
        if (url.startsWith("jdbc:postgresql:")) return PgStore.open(url, Math.max(2, config.threads()));
        if (url.startsWith("file:")) {
            String path = url.substring("file:".length());
            if (path.startsWith("//")) path = path.substring(2);
            if (path.isEmpty()) throw new IllegalArgumentException("--store file: names no file; use file:PATH");
            return new LocalStore(Path.of(path), Math.min(8, Math.max(2, config.threads())));
        }
        throw new IllegalArgumentException("unknown --store " + url + "; use jdbc:postgresql://HOST:PORT/DB?user=… or file:PATH");
    }

    static byte[] openapi() {
        try (InputStream in = PlacementServer.class.getResourceAsStream(OPENAPI_RESOURCE)) {
            if (in == null) throw new IllegalStateException(OPENAPI_RESOURCE + " is missing from the build");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The port it listens on (the chosen one when configured with 0). */
    public int port() {
        return parts.http().address().getPort();
    }

    /** The base URL for clients, e.g. {@code http://127.0.0.1:8750}. */
    public String url() {
        String host = parts.http().address().getAddress().getHostAddress();
        if (host.contains(":")) host = "[" + host + "]";
        return (parts.tls() ? "https://" : "http://") + host + ":" + port();
    }

    /** Where the state lives (the store URL without credentials). */
    public String describeStore() {
        return parts.store().describe();
    }

    /** Requests answered so far with {@code status}, over all routes. */
    public long answered(int status) {
        return parts.metrics().answered(status);
    }

    /** Every route as {@code METHOD /template}. */
    public List<String> routes() {
        return parts.front().labels();
    }

    /** What the server keeps per cluster: cached snapshots and rendered states, and metric series (all bounded). */
    public int perClusterEntries() {
        return parts.api().cachedClusters() + parts.metrics().clusterSeries();
    }

    /** Connections open now (for the attack suite and the benchmarks). */
    public int openConnections() {
        return parts.http().openConnections();
    }

    /** Instances the repair loop replaced so far (0 without {@code --reconcile}). */
    public long repairs() {
        return parts.repairMetrics().repairs();
    }

    /** True when this server runs the repair loop ({@code --reconcile}). */
    public boolean reconciles() {
        return parts.repairer() != null;
    }

    /**
     * Stops accepting, lets running requests finish (up to 2 s), interrupts what still runs,
     * closes every connection and the store. Slow or hostile clients hold nothing up.
     */
    @Override
    public void close() {
        if (parts.repairer() != null) parts.repairer().close(); // first: a converge in progress finishes, the leadership goes
        parts.http().close(2000);
        parts.store().close();
    }
}
